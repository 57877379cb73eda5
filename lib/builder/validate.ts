import "server-only";
import { listModelChoices } from "@/lib/endpoints/catalog";
import { AppError, type ErrorCode, type ErrorText, text } from "@/lib/errors";
import { previewTree } from "./draft-tree";
import { currentLimits } from "./limits";
import { type AgentData, agentDraftSchema, fieldErrors } from "./schema";
import { accountsForEmails } from "./share-check";
import { firstUnusableTool } from "./tools";

/** A refusal whose message is also the field's (errors.<key>, with values). */
const refuse = (code: ErrorCode, field: string, message: ErrorText) =>
  new AppError(code, { ...message, fields: { [field]: message } });

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
    throw new AppError("bad_request:agent", {
      key: "bad_request.fix_fields",
      fields: fieldErrors(parsed.error),
    });
  }
  const { shareEmails, ...draft } = parsed.data;
  let shareUserIds: string[] = [];
  if (draft.visibility === "shared") {
    const emails = [...new Set(shareEmails.filter(Boolean))];
    if (emails.length === 0)
      throw refuse("bad_request:agent_share", "shareEmails", text("bad_request.agent_share_empty"));
    const { users, missing } = await accountsForEmails(emails);
    if (missing.length) {
      throw refuse(
        "bad_request:agent_share",
        "shareEmails",
        text("bad_request.agent_share_unknown", { emails: missing }),
      );
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
    throw refuse("bad_request:agent_model", "provider", text("bad_request.agent_model"));
  }
  const sumProvider = data.summarization?.provider;
  if (sumProvider && !choices.some((c) => c.id === sumProvider)) {
    throw refuse("bad_request:agent_model", "summarization", text("bad_request.agent_summarizer_model"));
  }
  const selfProvider = data.subagents.selfModel?.provider;
  if (selfProvider && !choices.some((c) => c.id === selfProvider)) {
    throw refuse("bad_request:agent_model", "subagents.selfModel", text("bad_request.agent_model"));
  }
  const unusable = await firstUnusableTool({ userId, names: data.tools });
  if (unusable)
    throw refuse("bad_request:agent_tool", "tools", text("bad_request.agent_tool", { tool: unusable.name }));
  const notChosen = data.askTools.find((t) => !data.tools.includes(t));
  if (notChosen !== undefined) {
    throw refuse(
      "bad_request:agent_tool",
      "askTools",
      text("bad_request.agent_ask_tool", { tool: notChosen }),
    );
  }

  const limits = await currentLimits(userId);
  const result = await previewTree({ userId, agentId, data, limits });
  if (result.verdict) {
    const field = result.verdict.field ?? "subagents";
    const { code, key, values } = result.verdict;
    throw refuse(code as ErrorCode, field, { key, values });
  }
}
