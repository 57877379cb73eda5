import type { Metadata } from "next";
import { ChatView } from "@/components/chat/chat-view";
import { requireUserPage } from "@/lib/auth/session";
import { chatAgents, chatBlocked } from "@/lib/chat/page-data";
import { attachPolicy } from "@/lib/files/limits";

export const metadata: Metadata = { title: "New chat" };

export default async function NewChatPage({ searchParams }: { searchParams: Promise<{ agent?: string }> }) {
  const user = await requireUserPage();
  const [agents, blocked, policy] = await Promise.all([
    chatAgents({ userId: user.id }),
    chatBlocked({ userId: user.id }),
    attachPolicy(user.id),
  ]);
  const { agent } = await searchParams;
  const initialAgentId = agents.find((a) => a.id === agent)?.id ?? agents[0]?.id ?? null;
  // key: a fresh view per visit, so "New chat" always starts empty.
  return (
    <ChatView
      key={initialAgentId ?? "none"}
      conversationId={null}
      initialMessages={[]}
      liveRunId={null}
      agents={agents}
      initialAgentId={initialAgentId}
      initialBlocked={blocked}
      attachPolicy={policy}
    />
  );
}
