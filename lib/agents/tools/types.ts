import type { z } from "zod";

/** A built-in tool: a zod schema for its arguments and a plain function. */
export interface BuiltinTool<Args = Record<string, unknown>> {
  name: string;
  /** Short description shown in the agent builder and sent to the model. */
  description: string;
  schema: z.ZodType<Args>;
  execute: (args: Args, ctx?: { signal?: AbortSignal; now?: Date }) => Promise<string> | string;
}
