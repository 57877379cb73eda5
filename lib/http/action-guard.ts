// Refusals for server action requests, checked in proxy.ts before Next.js decodes them (Next.js
// itself answers a foreign Origin, a body over its size limit and an undecodable body with 500).
import { AppError } from "@/lib/errors";
import { findInputProblem } from "./clean-input";
import { errorResponse, headerLocale } from "./error-body";
import { MAX_BODY_BYTES } from "./limits";
import { isForeignOrigin } from "./origin";

/** A POST to a page: a server action call (fetch with `Next-Action`, or a form without JS). */
export function isServerActionRequest(req: Request): boolean {
  if (req.method !== "POST") return false;
  const path = new URL(req.url).pathname;
  return !path.startsWith("/api/") && !path.startsWith("/_next/");
}

async function readLimited(req: Request): Promise<Uint8Array<ArrayBuffer> | null> {
  const declared = Number(req.headers.get("content-length") ?? "");
  if (Number.isFinite(declared) && declared > MAX_BODY_BYTES) return null;
  const bytes = new Uint8Array(await req.arrayBuffer());
  return bytes.byteLength > MAX_BODY_BYTES ? null : bytes;
}

function parseJson(text: string): { ok: true; value: unknown } | { ok: false } {
  try {
    return { ok: true, value: JSON.parse(text) };
  } catch {
    return { ok: false };
  }
}

const MALFORMED = () => new AppError("bad_request:action");

// React's reply format: "$<hex>" and "$@", "$h", "$Q", "$W", "$i", "$B" + "<hex>[:path]" point at
// another part of the body; other "$x" strings are values ("$$" escapes a literal "$"). A reference
// to a part that isn't there makes Next.js fail with 500, so it is refused here.
const PART_REF = "@hQWiB";
const VALUE_TYPES = "$HTKIN-uDnAOoUSsLlGgMmVRrXx";

function referencedPart(s: string): string | null {
  if (s[0] !== "$" || s.length < 2) return null;
  const kind = s[1];
  if (VALUE_TYPES.includes(kind)) return null;
  // Parsed as React does (parseInt base 16 of the part before the first ":").
  const id = Number.parseInt((PART_REF.includes(kind) ? s.slice(2) : s.slice(1)).split(":")[0], 16);
  return Number.isNaN(id) ? "invalid" : String(id);
}

function assertPartsExist(value: unknown, parts: Set<string>): void {
  if (typeof value === "string") {
    const part = referencedPart(value);
    if (part !== null && !parts.has(part)) throw MALFORMED();
  } else if (value && typeof value === "object") {
    for (const item of Object.values(value)) assertPartsExist(item, parts);
  }
}

/**
 * What the server action request's body holds, checked: React's reply format is either one JSON
 * text or multipart form data whose numeric fields are JSON. Throws a typed 400 when it can't be
 * read, refers to a part it doesn't have, or holds NUL characters, broken Unicode or too deep a
 * structure.
 */
async function checkBody(req: Request, bytes: Uint8Array<ArrayBuffer>): Promise<void> {
  const header = req.headers.get("content-type") ?? "";
  const type = header.toLowerCase(); // for comparisons only: a multipart boundary is case-sensitive
  const values: unknown[] = [];
  const parts = new Set<string>(["0"]);
  const replies: unknown[] = [];
  if (type.startsWith("multipart/form-data") || type.startsWith("application/x-www-form-urlencoded")) {
    let form: FormData;
    try {
      form = await new Request(req.url, {
        method: "POST",
        headers: { "content-type": header },
        body: bytes,
      }).formData();
    } catch {
      throw MALFORMED();
    }
    for (const [key, value] of form.entries()) {
      parts.add(key);
      values.push(key);
      if (typeof value !== "string") continue;
      if (/^\d+$/.test(key) && req.headers.has("next-action")) {
        const parsed = parseJson(value);
        if (!parsed.ok) throw MALFORMED();
        replies.push(parsed.value);
      } else values.push(value);
    }
  } else if (req.headers.has("next-action")) {
    const text = new TextDecoder().decode(bytes);
    const parsed = parseJson(text);
    if (!parsed.ok) throw MALFORMED();
    replies.push(parsed.value);
  }
  const problem = findInputProblem([values, replies]);
  if (problem?.kind === "depth") throw new AppError("bad_request:nesting", { values: { what: "form" } });
  if (problem) throw new AppError("bad_request:text", { key: "bad_request.text_form" });
  for (const reply of replies) assertPartsExist(reply, parts);
}

/** A typed refusal (403, 413, 400) for a server action request, or null to let it through. */
export async function guardServerAction(req: Request): Promise<Response | null> {
  if (!isServerActionRequest(req)) return null;
  try {
    if (isForeignOrigin(req.headers)) {
      throw new AppError("forbidden:origin");
    }
    const bytes = await readLimited(req);
    if (!bytes)
      throw new AppError("payload_too_large", { key: "payload_too_large.form", values: { megabytes: 1 } });
    await checkBody(req, bytes);
    return null;
  } catch (err) {
    return errorResponse(err, { locale: headerLocale(req) });
  }
}

/** 400 for a page address whose path or search parameters hold NUL or broken Unicode, else null. */
export function guardPageAddress(req: Request): Promise<Response> | null {
  const url = new URL(req.url);
  let path: string;
  try {
    path = decodeURIComponent(url.pathname);
  } catch {
    return errorResponse(new AppError("bad_request:address"), { locale: headerLocale(req) });
  }
  if (findInputProblem([path, url.searchParams])) {
    return errorResponse(new AppError("bad_request:text", { key: "bad_request.text_address" }), {
      locale: headerLocale(req),
    });
  }
  return null;
}
