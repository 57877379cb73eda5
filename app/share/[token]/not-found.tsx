import { useTranslations } from "next-intl";

// Revoked, expired or unknown: one page that says so, without a way into the app's conversations.
export default function ShareNotFound() {
  const t = useTranslations("chat.sharePage");
  return (
    <main
      className="flex min-h-dvh flex-col items-center justify-center gap-3 p-6 text-center"
      data-testid="share-not-found"
    >
      <p className="text-5xl font-semibold text-zinc-500 dark:text-zinc-400">404</p>
      <h1 className="text-lg font-medium">{t("goneTitle")}</h1>
      <p className="max-w-sm text-sm text-zinc-600 dark:text-zinc-400">{t("goneBody")}</p>
    </main>
  );
}
