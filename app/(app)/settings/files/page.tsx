import type { Metadata } from "next";
import Link from "next/link";
import { getTranslations } from "next-intl/server";
import { MyFilesView } from "@/components/files/my-files-view";
import { requireUserPage } from "@/lib/auth/session";
import { myFiles } from "@/lib/files/my-files";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("settings.files");
  return { title: t("title") };
}

// The signed-in user's own uploads only.
export default async function MyFilesPage() {
  const user = await requireUserPage();
  const [data, t] = await Promise.all([myFiles(user.id), getTranslations("settings.files")]);
  return (
    <div className="mx-auto max-w-4xl space-y-6 p-4 md:p-8">
      <Link href="/settings" className="text-sm text-zinc-600 underline dark:text-zinc-400">
        {t("back")}
      </Link>
      <header>
        <h1 className="text-2xl font-semibold" data-testid="my-files-title">
          {t("title")}
        </h1>
        <p className="text-sm text-zinc-600 dark:text-zinc-400">{t("help")}</p>
      </header>
      <MyFilesView data={data} />
    </div>
  );
}
