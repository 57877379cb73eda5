import { z } from "zod";
import type { FieldText } from "@/lib/errors";
import { zodFieldErrors } from "@/lib/http/zod-fields";

export const emailSchema = z
  .string()
  .trim()
  .toLowerCase()
  .min(1, "field.email_required")
  .max(254, "field.email_long")
  .pipe(z.email("field.email_invalid"));

export const registerSchema = z.object({
  name: z.string().trim().min(1, "field.name_required").max(80, "field.name_long"),
  email: emailSchema,
  password: z.string().min(1, "field.password_required").max(200, "field.password_long"),
});

export const signInSchema = z.object({
  email: emailSchema,
  password: z.string().min(1, "field.password_missing").max(200),
});

/** First message per field, for forms: the schemas' messages are catalog keys (errors.field.*). */
export function fieldErrors(error: z.ZodError): Record<string, FieldText> {
  return zodFieldErrors(error);
}
