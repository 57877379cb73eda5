import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { ChatView } from "@/components/chat/chat-view";
import { requireUserPage } from "@/lib/auth/session";
import { isLive, liveRunForConversation } from "@/lib/chat/live-runs";
import { chatAgents, toChatMessage } from "@/lib/chat/page-data";
import { getConversationForUser, listMessages, markInterruptedMessages } from "@/lib/db/conversations";
import { runStatusByMessage } from "@/lib/db/run-signals";
import { isAppError } from "@/lib/errors";

export const metadata: Metadata = { title: "Chat" };

export default async function ConversationPage({ params }: { params: Promise<{ id: string }> }) {
  const user = await requireUserPage();
  const { id } = await params;
  const conversation = await getConversationForUser({ id, userId: user.id }).catch((err) => {
    // Someone else's conversation looks exactly like a missing one.
    if (isAppError(err) && (err.code === "forbidden:conversation" || err.code === "not_found:conversation"))
      notFound();
    throw err;
  });
  let messages = await listMessages({ conversationId: id });
  // A message still STREAMING that this process isn't running either runs in another app
  // process (its run is RUNNING: the page follows it by polling) or was cut off by a crash.
  const notHere = messages.filter((m) => m.status === "STREAMING" && !isLive(m.id)).map((m) => m.id);
  const runStatus = await runStatusByMessage({ assistantMessageIds: notHere });
  const orphaned = notHere.filter((mid) => runStatus.get(mid)?.status !== "RUNNING");
  if (orphaned.length) {
    await markInterruptedMessages({ ids: orphaned });
    messages = await listMessages({ conversationId: id });
  }
  const remoteId = notHere.find((mid) => runStatus.get(mid)?.status === "RUNNING");
  const remote = remoteId ? { messageId: remoteId, runId: runStatus.get(remoteId)?.runId as string } : null;
  const agents = await chatAgents({ userId: user.id });
  const live = liveRunForConversation(id);
  const initialAgentId = agents.find((a) => a.id === conversation.agentId)?.id ?? agents[0]?.id ?? null;
  return (
    <ChatView
      key={id}
      conversationId={id}
      initialMessages={messages.map(toChatMessage)}
      liveRunId={live?.meta.runId ?? null}
      remoteRun={live ? null : remote}
      agents={agents}
      initialAgentId={initialAgentId}
    />
  );
}
