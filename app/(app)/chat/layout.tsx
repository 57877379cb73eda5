import { getTranslations } from "next-intl/server";
import { ConversationList } from "@/components/chat/conversation-list";

export default async function ChatLayout({ children }: { children: React.ReactNode }) {
  const t = await getTranslations("chat.page");
  return (
    <div className="flex h-full min-h-0">
      <aside
        aria-label={t("chats")}
        className="hidden w-64 shrink-0 border-r border-zinc-200 lg:block dark:border-zinc-800"
      >
        <ConversationList />
      </aside>
      <section className="min-w-0 flex-1">{children}</section>
    </div>
  );
}
