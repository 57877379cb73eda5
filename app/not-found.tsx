import Link from "next/link";
import { useTranslations } from "next-intl";

export default function NotFound() {
  const t = useTranslations("common.notFound");
  return (
    <main
      className="flex min-h-dvh flex-col items-center justify-center gap-3 p-6 text-center"
      data-testid="not-found"
    >
      <p className="text-5xl font-semibold text-zinc-300 dark:text-zinc-700">404</p>
      <h1 className="text-lg font-medium">{t("title")}</h1>
      <Link href="/chat" className="text-sm text-accent-600 hover:underline dark:text-accent-500">
        {t("back")}
      </Link>
    </main>
  );
}
