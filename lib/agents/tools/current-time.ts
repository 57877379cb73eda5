import { z } from "zod";
import type { BuiltinTool } from "./types";

const schema = z.object({
  timezone: z.string().optional().describe("IANA time zone such as Europe/Paris; default UTC"),
});

export const currentTimeTool: BuiltinTool<z.infer<typeof schema>> = {
  name: "current_time",
  description: "Current date and time, optionally in an IANA time zone.",
  schema,
  execute: ({ timezone }, { now = new Date() } = {}) => {
    const timeZone = timezone ?? "UTC";
    let local: string;
    try {
      local = new Intl.DateTimeFormat("en-CA", {
        timeZone,
        dateStyle: "full",
        timeStyle: "long",
      }).format(now);
    } catch {
      throw new Error(`Unknown time zone "${timeZone}"`);
    }
    return JSON.stringify({ iso: now.toISOString(), timeZone, local });
  },
};
