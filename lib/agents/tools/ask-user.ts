import { z } from "zod";
import type { BuiltinTool } from "./types";

export const ASK_USER_TOOL_NAME = "ask_user";

const schema = z.object({
  question: z.string().trim().min(1).max(2000).describe("The question, in the user's language"),
  choices: z
    .array(z.string().trim().min(1).max(200))
    .max(10)
    .optional()
    .describe("Answers the user can pick with one click; they may also write their own"),
});
export type AskUserArgs = z.infer<typeof schema>;

/**
 * A question to the user. It never runs by itself: the engine holds the call like one that asks
 * before running (tools-node.ts) and the user's answer is its result.
 */
export const askUserTool: BuiltinTool<AskUserArgs> = {
  name: ASK_USER_TOOL_NAME,
  description:
    "Ask the user a question and wait for the answer (optionally with choices). Use it when you cannot go on without them.",
  schema,
  execute: () => {
    throw new Error("ask_user is answered by the user, not run");
  },
};

/** The question a (validated) `ask_user` call asks. */
export function parseQuestion(args: unknown): AskUserArgs {
  return schema.parse(args);
}
