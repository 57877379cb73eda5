import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { ChatView } from "@/components/chat/chat-view";
import { CurrencyProvider } from "@/components/chat/cost";
import { NewChatVisit } from "@/components/chat/new-chat-visit";
import { requireUserPage } from "@/lib/auth/session";
import { chatAgents, chatBlocked } from "@/lib/chat/page-data";
import { temporaryChatHours } from "@/lib/chat/temporary-chats";
import { readCurrency } from "@/lib/db/prices";
import { attachPolicy } from "@/lib/files/limits";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("chat.page");
  return { title: t("newChat") };
}

export default async function NewChatPage({ searchParams }: { searchParams: Promise<{ agent?: string }> }) {
  const user = await requireUserPage();
  const [agents, blocked, policy, currency, hours] = await Promise.all([
    chatAgents({ userId: user.id }),
    chatBlocked({ userId: user.id }),
    attachPolicy(user.id),
    readCurrency(),
    temporaryChatHours(),
  ]);
  const { agent } = await searchParams;
  const initialAgentId = agents.find((a) => a.id === agent)?.id ?? agents[0]?.id ?? null;
  // A fresh view per visit and per agent, so "New chat" always starts empty.
  return (
    <CurrencyProvider currency={currency}>
      <NewChatVisit agentKey={initialAgentId ?? "none"}>
        <ChatView
          conversationId={null}
          initialMessages={[]}
          liveRunId={null}
          agents={agents}
          initialAgentId={initialAgentId}
          initialBlocked={blocked}
          attachPolicy={policy}
          temporary={{ until: null, hours }}
        />
      </NewChatVisit>
    </CurrencyProvider>
  );
}
