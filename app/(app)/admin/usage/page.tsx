import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { FeedbackSection } from "@/components/usage/feedback-section";
import { UsageView } from "@/components/usage/usage-view";
import { requireAdminPage } from "@/lib/auth/session";
import { feedbackReport } from "@/lib/feedback/report";
import { pagePeriod, usagePageData } from "@/lib/usage";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("admin");
  return { title: t("meta.section", { section: t("nav.tabs.usage") }) };
}

// Every user's usage (the layout already refused non-admins; checked again as every admin page does).
export default async function AdminUsagePage({ searchParams }: { searchParams: Promise<{ days?: string }> }) {
  await requireAdminPage();
  const days = pagePeriod((await searchParams).days);
  const [data, feedback, t] = await Promise.all([
    usagePageData({ all: true }, days),
    feedbackReport(days),
    getTranslations("usage"),
  ]);
  return (
    <>
      <UsageView
        data={data}
        title={t("title")}
        description={t("allDescription")}
        basePath="/admin/usage"
        csvPath="/api/admin/usage/export"
      />
      <FeedbackSection report={feedback} />
    </>
  );
}
