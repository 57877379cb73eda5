import { z } from "zod";
import { type FieldText, text } from "@/lib/errors";
import { zodFieldErrors } from "@/lib/http/zod-fields";

// The endpoint form as the browser sends it, checked on the server. Field names match the form's
// inputs so every message lands under its field; nothing is saved when any field is wrong. Messages
// are catalog keys (errors.field.*), written in the admin's language when the action answers.

const ENDPOINT_PROTOCOLS = ["openai", "anthropic", "google"] as const;

const headerName = /^[A-Za-z0-9!#$%&'*+.^_`|~-]+$/;

export const endpointFormSchema = z.object({
  id: z.string().min(1).max(100).optional(),
  name: z
    .string()
    .trim()
    .min(1, "field.name_missing")
    .max(60, "field.text_long")
    .regex(/^[\p{L}\p{N} ._()/-]+$/u, "field.endpoint_name_chars"),
  protocol: z.enum(ENDPOINT_PROTOCOLS, "field.pick_protocol"),
  baseURL: z
    .string()
    .trim()
    .max(500, "field.text_long")
    .refine((v) => v === "" || isHttpUrl(v), "field.url_full"),
  /** Empty = keep the stored key (or none for a new endpoint). */
  apiKey: z
    .string()
    .trim()
    .max(1000, "field.api_key_long")
    .refine((v) => !/\s/.test(v), "field.api_key_spaces"),
  removeKey: z.boolean().default(false),
  headers: z
    .array(z.object({ name: z.string().trim().max(100), value: z.string().max(2000) }))
    .max(30, "field.headers_max")
    .default([]),
  /** One model per line (or comma-separated). */
  models: z.string().max(100_000),
  access: z.enum(["everyone", "selected"]),
  /** Emails, one per line or comma-separated; used when access = selected. */
  allowedEmails: z.string().max(20_000).default(""),
  allowUserKeys: z.boolean().default(false),
});

/** The parsed form, before emails are turned into user ids. */
export interface ParsedEndpointForm {
  id?: string;
  name: string;
  protocol: (typeof ENDPOINT_PROTOCOLS)[number];
  baseURL: string | null;
  /** undefined = keep, "" = remove, else the new key. */
  apiKey?: string;
  /** Header rows; value null = keep the stored value of that header. */
  headers: Record<string, string | null>;
  models: string[];
  restricted: boolean;
  allowedEmails: string[];
  allowUserKeys: boolean;
}

export type FieldErrors = Record<string, FieldText>;

function isHttpUrl(v: string): boolean {
  try {
    const u = new URL(v);
    return u.protocol === "http:" || u.protocol === "https:";
  } catch {
    return false;
  }
}

const splitList = (s: string) =>
  s
    .split(/[\n,]/)
    .map((x) => x.trim())
    .filter(Boolean);

/**
 * Parses and checks the form. `storedHeaderNames` are the headers the row already has: a row with
 * one of these names and an empty value keeps the stored value.
 */
export function parseEndpointForm(
  raw: unknown,
  storedHeaderNames: string[] = [],
): { ok: true; data: ParsedEndpointForm } | { ok: false; fields: FieldErrors } {
  const r = endpointFormSchema.safeParse(raw);
  const fields: FieldErrors = {};
  if (!r.success) {
    Object.assign(fields, zodFieldErrors(r.error));
  }
  // The checks zod can't express run on whatever parts of the form are well-formed, so the admin
  // sees every problem at once.
  const f = r.success ? r.data : lenient(raw);

  const headers: Record<string, string | null> = {};
  for (const h of f.headers) {
    if (!h.name && !h.value) continue;
    const lower = h.name.toLowerCase();
    const name = { name: h.name };
    if (!h.name) fields.headers ??= text("field.header_name_empty");
    else if (!headerName.test(h.name)) fields.headers ??= text("field.header_name_bad", name);
    else if (Object.keys(headers).some((n) => n.toLowerCase() === lower))
      fields.headers ??= text("field.header_twice", name);
    else if (!h.value && !storedHeaderNames.includes(h.name))
      fields.headers ??= text("field.header_value_missing", name);
    else if (/[\r\n]/.test(h.value)) fields.headers ??= text("field.header_value_lines", name);
    headers[h.name] = h.value ? h.value : null;
  }

  const models = [...new Set(splitList(f.models))];
  if (models.length === 0) fields.models ??= text("field.models_empty");
  else if (models.length > 1000) fields.models ??= text("field.models_max", { max: 1000 });
  else if (models.some((m) => m.length > 200)) fields.models ??= text("field.model_name_long", { max: 200 });

  const allowedEmails = [...new Set(splitList(f.allowedEmails).map((e) => e.toLowerCase()))];
  if (f.access === "selected") {
    const bad = allowedEmails.find((e) => !z.email().safeParse(e).success);
    if (allowedEmails.length === 0) fields.allowedEmails ??= text("field.allowed_emails_empty");
    else if (bad) fields.allowedEmails ??= text("field.not_an_email", { email: bad });
  }

  if (f.removeKey && f.apiKey) fields.apiKey ??= text("field.api_key_or_remove");

  if (!r.success || Object.keys(fields).length) return { ok: false, fields };
  const d = r.data;
  return {
    ok: true,
    data: {
      id: d.id,
      name: d.name,
      protocol: d.protocol,
      baseURL: d.baseURL || null,
      apiKey: d.removeKey ? "" : d.apiKey || undefined,
      headers,
      models,
      restricted: d.access === "selected",
      allowedEmails: d.access === "selected" ? allowedEmails : [],
      allowUserKeys: d.allowUserKeys,
    },
  };
}

/** The parts of a malformed form that are still usable for the remaining checks. */
function lenient(raw: unknown) {
  const o = (raw && typeof raw === "object" ? raw : {}) as Record<string, unknown>;
  const str = (v: unknown) => (typeof v === "string" ? v : "");
  const headers = Array.isArray(o.headers)
    ? o.headers.map((h) => ({
        name: str((h as { name?: unknown })?.name).trim(),
        value: str((h as { value?: unknown })?.value),
      }))
    : [];
  return {
    headers,
    models: str(o.models),
    access: o.access,
    allowedEmails: str(o.allowedEmails),
    apiKey: str(o.apiKey).trim(),
    removeKey: o.removeKey === true,
  };
}
