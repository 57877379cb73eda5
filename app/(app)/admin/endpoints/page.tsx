import type { Metadata } from "next";
import Link from "next/link";
import { getTranslations } from "next-intl/server";
import { EndpointList } from "@/components/endpoints/endpoint-list";
import { primaryButton } from "@/components/ui/styles";
import { requireAdminPage } from "@/lib/auth/session";
import { listAllEndpoints } from "@/lib/endpoints/catalog";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("endpoints.meta");
  return { title: t("list") };
}

export default async function EndpointsPage() {
  await requireAdminPage();
  const [endpoints, t, te] = await Promise.all([
    listAllEndpoints(),
    getTranslations("endpoints.list"),
    getTranslations("endpoints"),
  ]);
  return (
    <>
      <header className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h1 className="text-2xl font-semibold" data-testid="endpoints-title">
            {t("title")}
          </h1>
          <p className="text-sm text-zinc-500">{t("description")}</p>
        </div>
        <Link href="/admin/endpoints/new" className={primaryButton} data-testid="add-endpoint">
          {t("add")}
        </Link>
      </header>
      <EndpointList endpoints={endpoints} demoLabel={te("demoLabel")} />
      {endpoints.some((e) => e.source === "env") && <p className="text-xs text-zinc-500">{t("envNote")}</p>}
    </>
  );
}
