import "server-only";
import { listModelChoices } from "@/lib/endpoints/catalog";
import { AppError } from "@/lib/errors";
import { previewTree } from "./draft-tree";
import { currentLimits } from "./limits";
import { type AgentData, agentDraftSchema, fieldErrors } from "./schema";
import { accountsForEmails } from "./share-check";
import { firstUnusableTool } from "./tools";

const refuse = (code: `${string}:${string}`, field: string, message: string) =>
  new AppError(code as `bad_request:${string}`, message, { fields: { [field]: message } });

/** Parses the form/API input and checks it against the database. Throws AppError; writes nothing. */
export async function validateAgentInput({
  userId,
  agentId,
  input,
}: {
  userId: string;
  agentId?: string;
  input: unknown;
}): Promise<AgentData> {
  const parsed = agentDraftSchema.safeParse(input);
  if (!parsed.success) {
    throw new AppError("bad_request:agent", "Please fix the highlighted fields.", {
      fields: fieldErrors(parsed.error),
    });
  }
  const { shareEmails, ...draft } = parsed.data;
  let shareUserIds: string[] = [];
  if (draft.visibility === "shared") {
    const emails = [...new Set(shareEmails.filter(Boolean))];
    if (emails.length === 0)
      throw refuse("bad_request:agent_share", "shareEmails", "Add at least one email.");
    const { users, missing } = await accountsForEmails(emails);
    if (missing.length) {
      throw refuse("bad_request:agent_share", "shareEmails", `No account uses ${missing.join(", ")}.`);
    }
    shareUserIds = users.map((u) => u.id).filter((id) => id !== userId);
  }
  const data: AgentData = { ...draft, shareUserIds };
  await checkAgentData({ userId, agentId, data });
  return data;
}

/** Database checks of a parsed agent: endpoint, tools, children, handoffs, the expanded tree. */
export async function checkAgentData({
  userId,
  agentId,
  data,
}: {
  userId: string;
  agentId?: string;
  data: AgentData;
}): Promise<void> {
  const choices = await listModelChoices({ userId });
  if (!choices.some((c) => c.id === data.provider)) {
    throw refuse("bad_request:agent_model", "provider", "That endpoint is not available. Pick another one.");
  }
  const sumProvider = data.summarization?.provider;
  if (sumProvider && !choices.some((c) => c.id === sumProvider)) {
    throw refuse("bad_request:agent_model", "summarization", "That summarization endpoint is not available.");
  }
  const unusable = await firstUnusableTool({ userId, names: data.tools });
  if (unusable) throw refuse("bad_request:agent_tool", "tools", unusable.message);
  const notChosen = data.askTools.find((t) => !data.tools.includes(t));
  if (notChosen !== undefined) {
    throw refuse(
      "bad_request:agent_tool",
      "askTools",
      `"Ask before running" is set for ${notChosen}, which is not one of this agent's tools.`,
    );
  }

  const limits = await currentLimits(userId);
  const result = await previewTree({ userId, agentId, data, limits });
  if (result.verdict) {
    const field = result.verdict.field ?? "subagents";
    throw new AppError(result.verdict.code as `limit:${string}`, result.verdict.message, {
      fields: { [field]: result.verdict.message },
    });
  }
}
