import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { getTranslations } from "next-intl/server";
import { ChatView } from "@/components/chat/chat-view";
import { CurrencyProvider } from "@/components/chat/cost";
import { requireUserPage } from "@/lib/auth/session";
import { chatAgents, chatBlocked, conversationView } from "@/lib/chat/page-data";
import { temporaryUntil } from "@/lib/db/chat-settings";
import { conversationCost, readCurrency } from "@/lib/db/prices";
import { isAppError } from "@/lib/errors";
import { attachPolicy } from "@/lib/files/limits";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("chat.page");
  return { title: t("chat") };
}

export default async function ConversationPage({ params }: { params: Promise<{ id: string }> }) {
  const user = await requireUserPage();
  const { id } = await params;
  const view = await conversationView({ id, userId: user.id }).catch((err) => {
    // Someone else's conversation looks exactly like a missing one.
    if (isAppError(err) && err.code === "not_found:conversation") notFound();
    throw err;
  });
  // The conversation's cost from the ledger, after the ownership check above.
  const [agents, blocked, policy, currency, cost, until] = await Promise.all([
    chatAgents({ userId: user.id }),
    chatBlocked({ userId: user.id }),
    attachPolicy(user.id),
    readCurrency(),
    conversationCost(id),
    temporaryUntil({ id, userId: user.id }),
  ]);
  const initialAgentId = agents.find((a) => a.id === view.conversation.agentId)?.id ?? agents[0]?.id ?? null;
  return (
    <CurrencyProvider currency={currency}>
      <ChatView
        key={id}
        conversationId={id}
        initialMessages={view.messages}
        liveRunId={view.liveRunId}
        remoteRun={view.remoteRun}
        agents={agents}
        initialAgentId={initialAgentId}
        initialBlocked={blocked}
        attachPolicy={policy}
        initialCost={cost}
        temporary={until ? { until: until.toISOString(), hours: 0 } : undefined}
      />
    </CurrencyProvider>
  );
}
