/**
 * Secrets of a server (header values, stdio env values) must never leave the MCP layer, also not
 * inside a server's error text or stderr: they are replaced by value wherever text leaves it.
 */
import type { McpServerConfig } from "./types";

const MASK = "••••";
// Shorter values (e.g. "1", "true") would mask ordinary words; they are not credentials anyway.
const MIN_SECRET_LENGTH = 6;

/** Every value worth hiding: each header/env value and, for "Bearer xyz"-like values, each word of it. */
export function secretValues(config: McpServerConfig): string[] {
  const t = config.transport;
  const values = t.type === "http" ? Object.values(t.headers) : Object.values(t.env);
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

/** A URL for messages: origin and path only (query strings and user info often carry keys). */
export function displayUrl(url: string): string {
  try {
    const u = new URL(url);
    return `${u.origin}${u.pathname}`;
  } catch {
    return "(invalid URL)";
  }
}
