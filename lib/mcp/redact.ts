/**
 * Secrets of a server (header values, stdio env values, and the credentials and query parameters
 * of its URL) must never leave the MCP layer, also not inside a server's error text or stderr: they
 * are replaced by value wherever text leaves it.
 */
import type { McpServerConfig } from "./types";

const MASK = "••••";
// Shorter values (e.g. "1", "true") would mask ordinary words; they are not credentials anyway.
const MIN_SECRET_LENGTH = 6;
/** Characters of a server's error text kept (an upstream body can be anything, of any length). */
export const MAX_ERROR_CHARS = 300;

/** The credentials and query parameter values of a URL (each a secret: tokens often travel there). */
export function urlSecretValues(raw: string): string[] {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return [];
  }
  const out = [url.username, url.password, url.search.slice(1)];
  for (const v of [url.username, url.password]) out.push(safeDecode(v));
  for (const [, v] of url.searchParams) out.push(v, encodeURIComponent(v));
  return out;
}

function safeDecode(v: string): string {
  try {
    return decodeURIComponent(v);
  } catch {
    return v;
  }
}

/** Every value worth hiding: each secret value and, for "Bearer xyz"-like values, each word of it. */
export function secretValues(config: McpServerConfig): string[] {
  const t = config.transport;
  const values =
    t.type === "http" ? [...Object.values(t.headers), ...urlSecretValues(t.url)] : Object.values(t.env);
  const out = new Set<string>();
  for (const v of values) {
    const trimmed = v.trim();
    if (trimmed.length >= MIN_SECRET_LENGTH) out.add(trimmed);
    for (const word of trimmed.split(/\s+/)) if (word.length >= MIN_SECRET_LENGTH) out.add(word);
  }
  // Longest first, so a value containing another is masked whole.
  return [...out].sort((a, b) => b.length - a.length);
}

export function redact(text: string, secrets: readonly string[]): string {
  let out = text;
  for (const s of secrets) if (out.includes(s)) out = out.split(s).join(MASK);
  return out;
}

/**
 * A server's error text as it may be stored, logged or shown to an admin: secrets masked by value,
 * on one line, at most MAX_ERROR_CHARS (masked before it is cut, so no half secret survives).
 */
export function safeErrorText(text: string, secrets: readonly string[]): string {
  const line = redact(text, secrets).replace(/\s+/g, " ").trim();
  return line.length > MAX_ERROR_CHARS ? `${line.slice(0, MAX_ERROR_CHARS - 1)}…` : line;
}

/** A URL for messages: origin and path only (query strings and user info often carry keys). */
export function displayUrl(url: string): string {
  try {
    const u = new URL(url);
    return `${u.origin}${u.pathname}`;
  } catch {
    return "(invalid URL)";
  }
}
