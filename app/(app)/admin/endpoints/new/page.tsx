import type { Metadata } from "next";
import Link from "next/link";
import { getTranslations } from "next-intl/server";
import { EndpointForm } from "@/components/endpoints/endpoint-form";
import { requireAdminPage } from "@/lib/auth/session";
import { fetchModelsAction, saveEndpointAction } from "../actions";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("endpoints.meta");
  return { title: t("add") };
}

export default async function NewEndpointPage() {
  await requireAdminPage();
  const t = await getTranslations("endpoints.page");
  return (
    <>
      <header className="space-y-1">
        <Link href="/admin/endpoints" className="text-sm text-zinc-500 hover:underline">
          {t("back")}
        </Link>
        <h1 className="text-2xl font-semibold">{t("newTitle")}</h1>
        <p className="text-sm text-zinc-500">{t("newDescription")}</p>
      </header>
      <EndpointForm
        initial={{
          name: "",
          protocol: "openai",
          baseURL: "",
          keyHint: null,
          headerNames: [],
          models: [],
          restricted: false,
          allowedEmails: [],
          allowUserKeys: false,
        }}
        save={saveEndpointAction}
        fetchModels={fetchModelsAction}
      />
    </>
  );
}
