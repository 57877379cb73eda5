import { AppError } from "@/lib/errors";
import { assertCleanInput } from "./clean-input";
import { MAX_BODY_BYTES } from "./limits";
import { readBodyLimited } from "./read-limited";

/** The `application/json` check: `application/json` or `application/<x>+json`, any parameters. */
export function isJsonContentType(value: string | null): boolean {
  const type = value?.split(";")[0]?.trim().toLowerCase() ?? "";
  return type === "application/json" || /^application\/[a-z0-9.+-]+\+json$/.test(type);
}

async function readLimited(req: Request): Promise<string> {
  const declared = Number(req.headers.get("content-length") ?? "");
  if (Number.isFinite(declared) && declared > MAX_BODY_BYTES) throw tooLarge();
  return (await readBodyLimited(req.body, MAX_BODY_BYTES, tooLarge)).toString("utf8");
}

function tooLarge() {
  return new AppError("payload_too_large", { key: "payload_too_large.body", values: { megabytes: 1 } });
}

/**
 * The JSON body of a request: 415 unless it says `application/json`, 413 over 1 MB, 400 when it is
 * not JSON or holds text PostgreSQL can't store (see clean-input.ts).
 */
export async function readJsonBody(req: Request): Promise<unknown> {
  if (!isJsonContentType(req.headers.get("content-type"))) {
    throw new AppError("unsupported_media_type", { key: "unsupported_media_type.json" });
  }
  const text = await readLimited(req);
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    throw new AppError("bad_request:json");
  }
  assertCleanInput(body, "body");
  return body;
}
