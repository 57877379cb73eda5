"use client";
import { usePathname } from "next/navigation";
import { useTranslations } from "next-intl";
import { focusTarget } from "@/components/chat/focus-targets";

/** The first stop of the Tab key: straight to the message box in a chat, else to the page's content. */
export function SkipLink() {
  const t = useTranslations("shell.skip");
  const inChat = usePathname().startsWith("/chat");
  return (
    // biome-ignore lint/a11y/useValidAnchor: a real skip link (it works without script); the click also puts focus in the message box, which following a fragment doesn't
    <a
      href="#main"
      data-testid="skip-link"
      onClick={(e) => {
        if (inChat && focusTarget("composer")) e.preventDefault();
      }}
      className="sr-only z-50 rounded-lg bg-accent-600 px-3 py-2 text-sm font-medium text-white focus:not-sr-only focus:fixed focus:top-2 focus:left-2"
    >
      {inChat ? t("toMessageBox") : t("toContent")}
    </a>
  );
}
