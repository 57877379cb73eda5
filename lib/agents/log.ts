import { redactSecrets } from "../providers/errors";
import type { Logger } from "./types";

const SECRET_KEY = /(api[_-]?key|secret|token$|password|authorization)/i;
/** Free text from a failure (a tool's or a model's error): it may quote a key, ids never. */
const FREE_TEXT_KEY = /^(message|error|reason)$/;

/**
 * Drops values whose key looks like a credential, and key-like tokens inside error text (a failing
 * tool or model may echo the key it was given), so a log line never carries one.
 */
function redact(line: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(line)) {
    if (SECRET_KEY.test(k)) out[k] = "[redacted]";
    else out[k] = FREE_TEXT_KEY.test(k) && typeof v === "string" ? redactSecrets(v) : v;
  }
  return out;
}

function write(level: string, line: Record<string, unknown>) {
  const text = JSON.stringify({ level, scope: "agents", time: new Date().toISOString(), ...redact(line) });
  if (level === "info") console.info(text);
  else if (level === "warn") console.warn(text);
  else console.error(text);
}

/** Structured JSON logger (one line per entry) used when the caller gives none. */
export const jsonLogger: Logger = {
  info: (line) => write("info", line),
  warn: (line) => write("warn", line),
  error: (line) => write("error", line),
};
