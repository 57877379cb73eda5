import { ConversationList } from "@/components/chat/conversation-list";

export default function ChatLayout({ children }: { children: React.ReactNode }) {
  return (
    <div className="flex h-full min-h-0">
      <aside
        aria-label="Chats"
        className="hidden w-64 shrink-0 border-r border-zinc-200 lg:block dark:border-zinc-800"
      >
        <ConversationList />
      </aside>
      <section className="min-w-0 flex-1">{children}</section>
    </div>
  );
}
