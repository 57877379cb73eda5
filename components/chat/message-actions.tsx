"use client";
import { Copy, GitFork } from "lucide-react";
import { useRouter } from "next/navigation";
import { useTranslations } from "next-intl";
import { useState } from "react";
import { CONVERSATIONS_CHANGED } from "./chat-events";

const ACTION =
  "whitespace-nowrap hover:text-zinc-900 disabled:cursor-not-allowed disabled:opacity-50 dark:hover:text-zinc-100";

/**
 * Copy a message (its Markdown) and fork a new conversation from it (the branch up to here, traces
 * included, same agent). Shown on finished messages only.
 */
export function MessageActions({
  conversationId,
  messageId,
  text,
}: {
  conversationId: string | null;
  messageId: string;
  text: string;
}) {
  const t = useTranslations("chat.message");
  const router = useRouter();
  const [copied, setCopied] = useState(false);
  const [forking, setForking] = useState(false);
  const [failed, setFailed] = useState<string | null>(null);
  const fork = async () => {
    if (!conversationId) return;
    setForking(true);
    setFailed(null);
    const res = await fetch(`/api/conversations/${conversationId}/fork`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ messageId }),
    }).catch(() => null);
    const body = res
      ? ((await res.json().catch(() => null)) as { id?: string; message?: string } | null)
      : null;
    setForking(false);
    if (!res?.ok || !body?.id) {
      setFailed(body?.message ?? t("forkFailed"));
      return;
    }
    window.dispatchEvent(new Event(CONVERSATIONS_CHANGED));
    router.push(`/chat/${body.id}`);
  };
  return (
    <>
      {text && (
        <button
          type="button"
          data-testid="copy-message"
          title={t("copyTitle")}
          className={ACTION}
          onClick={() =>
            void navigator.clipboard?.writeText(text).then(() => {
              setCopied(true);
              setTimeout(() => setCopied(false), 1500);
            })
          }
        >
          <Copy className="mr-1 inline size-3 align-[-1px]" aria-hidden="true" />
          <span aria-live="polite">{copied ? t("copied") : t("copy")}</span>
        </button>
      )}
      {conversationId && (
        <button
          type="button"
          data-testid="fork-message"
          title={t("forkTitle")}
          className={ACTION}
          disabled={forking}
          onClick={() => void fork()}
        >
          <GitFork className="mr-1 inline size-3 align-[-1px]" aria-hidden="true" />
          {forking ? t("forking") : t("fork")}
        </button>
      )}
      {failed && (
        <span role="alert" className="text-red-700 dark:text-red-300">
          {failed}
        </span>
      )}
    </>
  );
}
