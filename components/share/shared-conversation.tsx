"use client";
import { Paperclip } from "lucide-react";
import { useTranslations } from "next-intl";
import { AssistantMessage } from "@/components/chat/message-item";
import { Logo } from "@/components/ui/logo";
import type { SharedMessage } from "@/lib/shares/shares";

const ONE = { index: 0, count: 1, onChange: () => {} };

/** A shared conversation, read only: the chat's own rendering of answers and traces, no actions. */
export function SharedConversationView({ title, messages }: { title: string; messages: SharedMessage[] }) {
  const t = useTranslations("chat.sharePage");
  return (
    <div className="min-h-dvh bg-zinc-50 dark:bg-zinc-950">
      <header className="border-b border-zinc-200 bg-white px-4 py-3 dark:border-zinc-800 dark:bg-zinc-900">
        <div className="mx-auto flex max-w-3xl items-center justify-between gap-3">
          <Logo className="text-base" />
          <span className="text-xs text-zinc-600 dark:text-zinc-400">{t("readOnly")}</span>
        </div>
      </header>
      <main className="mx-auto max-w-3xl space-y-6 px-4 py-6" data-testid="shared-conversation">
        <h1 className="text-xl font-semibold">{title}</h1>
        {messages.map((m) =>
          m.role === "USER" ? (
            <div key={m.id} className="flex flex-col items-end gap-1" data-testid="user-message">
              {m.attachments.length > 0 && (
                <ul className="flex flex-wrap justify-end gap-2 text-xs" aria-label={t("files")}>
                  {m.attachments.map((a, i) => (
                    <li
                      key={i}
                      data-testid="shared-file"
                      className="inline-flex items-center gap-1 rounded-lg border border-zinc-200 bg-white px-2 py-1 text-zinc-700 dark:border-zinc-700 dark:bg-zinc-900 dark:text-zinc-300"
                    >
                      <Paperclip className="size-3" aria-hidden="true" />
                      {a.name}
                    </li>
                  ))}
                </ul>
              )}
              <div className="max-w-[85%] whitespace-pre-wrap rounded-2xl bg-accent-50 px-4 py-2 text-[15px] dark:bg-accent-500/15">
                {m.content}
              </div>
            </div>
          ) : (
            <AssistantMessage key={m.id} message={{ ...m, attachments: [] }} tree={m.parts} nav={ONE} busy />
          ),
        )}
        <p className="border-t border-zinc-200 pt-4 text-xs text-zinc-600 dark:border-zinc-800 dark:text-zinc-400">
          {t("filesNote")}
        </p>
      </main>
    </div>
  );
}
