import type { Logger } from "./types";

const SECRET_KEY = /(api[_-]?key|secret|token$|password|authorization)/i;

/** Drops values whose key looks like a credential, so a log line never carries one. */
function redact(line: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(line)) out[k] = SECRET_KEY.test(k) ? "[redacted]" : v;
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
