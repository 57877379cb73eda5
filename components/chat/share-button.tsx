"use client";
import { Share2 } from "lucide-react";
import { useTranslations } from "next-intl";
import { lazy, Suspense, useState } from "react";

// The dialog loads when "Share" is first pressed, not with the chat page.
const ShareDialog = lazy(() => import("./share-dialog").then((m) => ({ default: m.ShareDialog })));

/** "Share" in the chat header: a dialog to create a read-only link, copy it, and revoke links. */
export function ShareButton({ conversationId, messageId }: { conversationId: string; messageId?: string }) {
  const t = useTranslations("chat.share");
  const [open, setOpen] = useState(false);
  return (
    <>
      <button
        type="button"
        data-testid="share-conversation"
        onClick={() => setOpen(true)}
        className="ml-auto inline-flex items-center gap-1 rounded-lg border border-zinc-300 px-2 py-1 text-sm dark:border-zinc-700"
      >
        <Share2 className="size-4" aria-hidden="true" />
        {t("button")}
      </button>
      {open && (
        <Suspense fallback={null}>
          <ShareDialog conversationId={conversationId} messageId={messageId} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
}
