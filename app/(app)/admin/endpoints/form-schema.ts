import { z } from "zod";

// The endpoint form as the browser sends it, checked on the server. Field names match the form's
// inputs so every message lands under its field; nothing is saved when any field is wrong.

const ENDPOINT_PROTOCOLS = ["openai", "anthropic", "google"] as const;

const headerName = /^[A-Za-z0-9!#$%&'*+.^_`|~-]+$/;

export const endpointFormSchema = z.object({
  id: z.string().min(1).max(100).optional(),
  name: z
    .string()
    .trim()
    .min(1, "Enter a name.")
    .max(60, "At most 60 characters.")
    .regex(/^[\p{L}\p{N} ._()/-]+$/u, "Use letters, digits, spaces and . _ - ( ) / only."),
  protocol: z.enum(ENDPOINT_PROTOCOLS, "Pick a protocol."),
  baseURL: z
    .string()
    .trim()
    .max(500, "At most 500 characters.")
    .refine((v) => v === "" || isHttpUrl(v), "Enter a full http:// or https:// URL."),
  /** Empty = keep the stored key (or none for a new endpoint). */
  apiKey: z
    .string()
    .trim()
    .max(1000, "At most 1000 characters.")
    .refine((v) => !/\s/.test(v), "An API key has no spaces."),
  removeKey: z.boolean().default(false),
  headers: z
    .array(z.object({ name: z.string().trim().max(100), value: z.string().max(2000) }))
    .max(30, "At most 30 headers.")
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

export type FieldErrors = Record<string, string>;

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
    for (const issue of r.error.issues) {
      const key = String(issue.path[0] ?? "form");
      fields[key] ??= issue.message;
    }
  }
  // The checks zod can't express run on whatever parts of the form are well-formed, so the admin
  // sees every problem at once.
  const f = r.success ? r.data : lenient(raw);

  const headers: Record<string, string | null> = {};
  for (const h of f.headers) {
    if (!h.name && !h.value) continue;
    const lower = h.name.toLowerCase();
    if (!headerName.test(h.name)) fields.headers ??= `"${h.name || "(empty)"}" is not a valid header name.`;
    else if (Object.keys(headers).some((n) => n.toLowerCase() === lower))
      fields.headers ??= `The header ${h.name} is listed twice.`;
    else if (!h.value && !storedHeaderNames.includes(h.name))
      fields.headers ??= `Enter a value for the header ${h.name}.`;
    else if (/[\r\n]/.test(h.value)) fields.headers ??= `The value of ${h.name} must be on one line.`;
    headers[h.name] = h.value ? h.value : null;
  }

  const models = [...new Set(splitList(f.models))];
  if (models.length === 0) fields.models ??= "Add at least one model: type it, or use “Fetch models”.";
  else if (models.length > 1000) fields.models ??= "At most 1000 models.";
  else if (models.some((m) => m.length > 200)) fields.models ??= "A model name has at most 200 characters.";

  const allowedEmails = [...new Set(splitList(f.allowedEmails).map((e) => e.toLowerCase()))];
  if (f.access === "selected") {
    const bad = allowedEmails.find((e) => !z.email().safeParse(e).success);
    if (allowedEmails.length === 0) fields.allowedEmails ??= "Add the email of at least one user.";
    else if (bad) fields.allowedEmails ??= `“${bad}” is not an email address.`;
  }

  if (f.removeKey && f.apiKey) fields.apiKey ??= "Either enter a new key or remove the key, not both.";

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
