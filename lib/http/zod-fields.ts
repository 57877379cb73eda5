// Field messages of a failed zod parse, for forms. Schemas name their messages by catalog key
// (`.min(1, "field.name_required")` → errors.field.name_required); a check without one says zod's
// own English, which never reaches the user: the field then says errors.field.invalid.
import type { z } from "zod";
import { type ErrorText, type FieldText, text } from "@/lib/errors";

export const FIELD_KEY_PREFIX = "field.";

/** The catalog message of one zod issue. */
export function issueText(issue: { message: string } | undefined): ErrorText {
  const message = issue?.message ?? "";
  return text(message.startsWith(FIELD_KEY_PREFIX) ? message : "field.invalid");
}

/** The first issue per field (the issue's first path element; "form" without one). */
export function zodFieldErrors(error: z.ZodError): Record<string, FieldText> {
  const out: Record<string, FieldText> = {};
  for (const issue of error.issues) {
    const key = String(issue.path[0] ?? "form");
    out[key] ??= issueText(issue);
  }
  return out;
}
