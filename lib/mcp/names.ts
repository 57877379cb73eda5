/**
 * Model-facing tool names: `<server-slug>__<tool>`, unique across servers, at most 64 characters of
 * [A-Za-z0-9_-] (what OpenAI, Anthropic and Google all accept). A tool name that does not fit as it
 * is gets sanitised, cut, and suffixed with a hash of the original so two tools never collide.
 */
import { createHash } from "node:crypto";

export const TOOL_NAME_SEPARATOR = "__";
export const MAX_TOOL_NAME_LENGTH = 64;
export const MAX_SLUG_LENGTH = 24;

const VALID = /^[A-Za-z0-9_-]+$/;

/** A server's slug from its name: lower-case letters, digits and single dashes, at most 24 characters. */
export function slugify(name: string): string {
  const slug = name
    .normalize("NFKD")
    .replace(/\p{M}/gu, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, MAX_SLUG_LENGTH)
    .replace(/-+$/, "");
  return slug || "server";
}

/** `base`, or `base-2`, `base-3`… — the first not in `taken` (and never longer than a slug may be). */
export function freeSlug(base: string, taken: Iterable<string>): string {
  const used = new Set([...taken].map((s) => s.toLowerCase()));
  if (!used.has(base)) return base;
  for (let i = 2; ; i++) {
    const suffix = `-${i}`;
    const candidate = `${base.slice(0, MAX_SLUG_LENGTH - suffix.length).replace(/-+$/, "")}${suffix}`;
    if (!used.has(candidate)) return candidate;
  }
}

const shortHash = (s: string) => createHash("sha256").update(s).digest("hex").slice(0, 8);

export function modelToolName(slug: string, toolName: string): string {
  const prefix = `${slug}${TOOL_NAME_SEPARATOR}`;
  const room = MAX_TOOL_NAME_LENGTH - prefix.length;
  if (VALID.test(toolName) && toolName.length <= room) return prefix + toolName;
  const clean = toolName.replace(/[^A-Za-z0-9_-]/g, "_");
  const hash = shortHash(toolName);
  return `${prefix}${clean.slice(0, room - hash.length - 1)}_${hash}`;
}

/** The slug part of a model-facing name, or null when the name is not an MCP tool's. */
export function slugOfToolName(name: string): string | null {
  const at = name.indexOf(TOOL_NAME_SEPARATOR);
  return at > 0 ? name.slice(0, at) : null;
}
