import { z } from "zod";
import type { BuiltinTool } from "./types";

const schema = z.object({
  timezone: z.string().optional().describe("IANA time zone such as Europe/Paris; default UTC"),
});

// Building an Intl.DateTimeFormat (locale and time zone data) costs far more than formatting with
// one, so formatters are kept per time zone. Bounded: the name comes from a model's tool call.
const MAX_FORMATTERS = 64;
const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterFor(timeZone: string): Intl.DateTimeFormat {
  let f = formatters.get(timeZone);
  if (f) return f;
  try {
    f = new Intl.DateTimeFormat("en-CA", { timeZone, dateStyle: "full", timeStyle: "long" });
  } catch {
    throw new Error(`Unknown time zone "${timeZone}"`);
  }
  if (formatters.size >= MAX_FORMATTERS) formatters.clear();
  formatters.set(timeZone, f);
  return f;
}

export const currentTimeTool: BuiltinTool<z.infer<typeof schema>> = {
  name: "current_time",
  description: "Current date and time, optionally in an IANA time zone.",
  schema,
  execute: ({ timezone }, { now = new Date() } = {}) => {
    const timeZone = timezone ?? "UTC";
    const local = formatterFor(timeZone).format(now);
    return JSON.stringify({ iso: now.toISOString(), timeZone, local });
  },
};
