// Field messages of a failed zod parse, for forms. Schemas name their messages by catalog key
// (`.min(1, "field.name_required")` → errors.field.name_required); a check without one says zod's
// own English, which never reaches the user: the field then says errors.field.invalid (or, for
// text that is too long, errors.field.text_long). A message's values come from the issue: a custom
// issue's `params` ({ name }), a size check's bound ({min} / {max}), and what the caller adds.
import type { z } from "zod";
// Types only: the admin forms import this through lib/quota/fields.ts, and the error catalog stays
// out of the browser's bundle.
import type { ErrorText, ErrorValues, FieldText } from "@/lib/errors";

export const FIELD_KEY_PREFIX = "field.";

type Issue = z.core.$ZodIssue;

const text = (key: string, values?: ErrorValues): ErrorText => (values ? { key, values } : { key });

/** The values a zod issue brings to its message: custom params, and min / max of a size check. */
function issueValues(issue: Issue): ErrorValues {
  const values: ErrorValues = {};
  if (issue.code === "custom" && issue.params) {
    for (const [name, v] of Object.entries(issue.params))
      if (typeof v === "string" || typeof v === "number") values[name] = v;
  }
  if (issue.code === "too_small") values.min = Number(issue.minimum);
  if (issue.code === "too_big") values.max = Number(issue.maximum);
  return values;
}

/** The catalog message of one zod issue; `extra` values are added to the issue's own. */
export function issueText(issue: { message: string } | undefined, extra?: ErrorValues): ErrorText {
  const message = issue?.message ?? "";
  const zodIssue = issue && "code" in issue ? (issue as Issue) : undefined;
  const values = { ...(zodIssue ? issueValues(zodIssue) : {}), ...extra };
  const has = Object.keys(values).length > 0;
  if (message.startsWith(FIELD_KEY_PREFIX)) return has ? text(message, values) : text(message);
  if (zodIssue?.code === "too_big" && zodIssue.origin === "string")
    return text("field.text_long", { max: values.max as number });
  return text("field.invalid");
}

/**
 * The first issue per field (the issue's first path element; "form" without one); `valuesOf`
 * adds values a field's messages need beyond the issue's own (e.g. both ends of its range).
 */
export function zodFieldErrors(
  error: z.ZodError,
  valuesOf?: (field: string) => ErrorValues | undefined,
): Record<string, FieldText> {
  const out: Record<string, FieldText> = {};
  for (const issue of error.issues) {
    const key = String(issue.path[0] ?? "form");
    out[key] ??= issueText(issue, valuesOf?.(key));
  }
  return out;
}
