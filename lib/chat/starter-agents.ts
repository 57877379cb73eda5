import "server-only";
import { createAgent } from "@/lib/builder/agents";
import { countConversations } from "@/lib/db/conversations";
import { listModelChoices } from "@/lib/endpoints/catalog";
import { DEMO_ENDPOINT_ID, DEMO_MODEL_ID } from "@/lib/providers";

// A newcomer's first visit to the chat: three agents that show the whole flow (a lead that
// delegates in parallel to two specialists, one with a calculator) — on the offline demo model
// when it is offered, else on the first model the user may use.
async function starterModel(userId: string): Promise<{ provider: string; model: string } | null> {
  const choices = await listModelChoices({ userId });
  if (choices.some((c) => c.id === DEMO_ENDPOINT_ID))
    return { provider: DEMO_ENDPOINT_ID, model: DEMO_MODEL_ID };
  const first = choices.find((c) => c.models.length > 0);
  return first ? { provider: first.id, model: first.models[0] } : null;
}

/**
 * Creates the starter team for a user who owns no agent (the caller checked) and has never
 * chatted: someone who deleted their agents after chatting doesn't get them back.
 */
export async function ensureStarterAgents({ userId }: { userId: string }): Promise<boolean> {
  if ((await countConversations({ userId })) > 0) return false;
  const demo = await starterModel(userId);
  if (!demo) return false;

  const researcher = await createAgent({
    userId,
    input: {
      ...demo,
      name: "Researcher",
      description: "Answers one focused question; can tell the time.",
      instructions: "Answer the task you are given concisely and factually.",
      tools: ["current_time"],
    },
  });
  const mathematician = await createAgent({
    userId,
    input: {
      ...demo,
      name: "Mathematician",
      description: "Works out arithmetic with a calculator.",
      instructions: "Use the calculator for every computation and show the result.",
      tools: ["calculator"],
    },
  });
  await createAgent({
    userId,
    input: {
      ...demo,
      name: "Team Lead",
      description: "Splits a request into parts and delegates each part to a specialist, in parallel.",
      instructions:
        "When a request has several parts, delegate each part to the best subagent, then combine their answers.",
      subagents: {
        enabled: true,
        allowSelf: true,
        selfMode: "isolated",
        children: [
          { id: researcher.id, mode: "isolated" },
          { id: mathematician.id, mode: "isolated" },
        ],
      },
    },
  });
  return true;
}
