import type { Metadata } from "next";
import Link from "next/link";
import { getTranslations } from "next-intl/server";
import { UsageView } from "@/components/usage/usage-view";
import { requireUserPage } from "@/lib/auth/session";
import { pagePeriod, usagePageData } from "@/lib/usage";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("usage");
  return { title: t("myTitle") };
}

// The signed-in user's own model calls only (an admin too: everyone's are on Admin → Usage).
export default async function MyUsagePage({ searchParams }: { searchParams: Promise<{ days?: string }> }) {
  const user = await requireUserPage();
  const days = pagePeriod((await searchParams).days);
  const [data, t] = await Promise.all([usagePageData({ userId: user.id }, days), getTranslations("usage")]);
  return (
    <div className="mx-auto max-w-5xl space-y-6 p-4 md:p-8">
      <Link href="/settings" className="text-sm text-zinc-600 underline dark:text-zinc-400">
        {t("back")}
      </Link>
      <UsageView
        data={data}
        title={t("myTitle")}
        description={t("myDescription")}
        basePath="/settings/usage"
        csvPath="/api/usage/export"
      />
    </div>
  );
}
