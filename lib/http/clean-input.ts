// One check for every value that enters from outside (JSON bodies, route and search parameters,
// server action arguments): text must be well-formed Unicode without NUL characters, and nesting is
// bounded. PostgreSQL refuses NUL in text and `\u0000` / unpaired surrogates in JSON, so without
// this such input would reach the database and fail there as a 500.
import { AppError } from "@/lib/errors";

/** Deeper structures are refused; no form or API body of this app nests anywhere near this. */
export const MAX_DEPTH = 32;

// A NUL, a high surrogate not followed by a low one, or a low surrogate not preceded by a high one.
// biome-ignore lint/suspicious/noControlCharactersInRegex: NUL is exactly what this looks for.
const BAD_TEXT = /\u0000|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

export function isBadText(s: string): boolean {
  return BAD_TEXT.test(s);
}

type Problem = { kind: "text" | "depth"; path: string };

function entriesOf(value: object): Iterable<[string, unknown]> | null {
  if (Array.isArray(value)) return value.map((v, i) => [String(i), v] as [string, unknown]);
  if (value instanceof URLSearchParams || (typeof FormData !== "undefined" && value instanceof FormData)) {
    return value.entries() as Iterable<[string, unknown]>;
  }
  if (value instanceof Map) return [...value.entries()].map(([k, v]) => [String(k), v] as [string, unknown]);
  if (value instanceof Date || value instanceof Blob) return null;
  return Object.entries(value);
}

/** The first problem in `value` (a bad string, possibly a key, or too deep a structure), or null. */
export function findInputProblem(value: unknown, path = "", depth = 0): Problem | null {
  if (typeof value === "string") return isBadText(value) ? { kind: "text", path: path || "(value)" } : null;
  if (value === null || typeof value !== "object") return null;
  if (depth >= MAX_DEPTH) return { kind: "depth", path: path || "(value)" };
  const entries = entriesOf(value);
  if (!entries) return null;
  for (const [key, item] of entries) {
    const at = path ? `${path}.${key}` : key;
    if (isBadText(key)) return { kind: "text", path: at };
    const problem = findInputProblem(item, at, depth + 1);
    if (problem) return problem;
  }
  return null;
}

/** What a refusal names: the catalog selects the words (errors.bad_request.nesting's `what`). */
export type InputPart = "request" | "body" | "address" | "form";

/** Throws `bad_request:text` / `bad_request:nesting` (400) naming where the problem is. */
export function assertCleanInput(value: unknown, what: InputPart = "request"): void {
  const problem = findInputProblem(value);
  if (!problem) return;
  if (problem.kind === "depth") {
    throw new AppError("bad_request:nesting", { values: { what } });
  }
  throw new AppError("bad_request:text", { values: { what, path: problem.path.slice(0, 100) } });
}
