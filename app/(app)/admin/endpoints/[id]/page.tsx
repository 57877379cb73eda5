import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import { getTranslations } from "next-intl/server";
import { DeleteEndpointButton } from "@/components/endpoints/delete-endpoint-button";
import { EndpointForm } from "@/components/endpoints/endpoint-form";
import { StatusLine } from "@/components/ui/form-status";
import { requireAdminPage } from "@/lib/auth/session";
import { type AdminEndpoint, getAdminEndpoint } from "@/lib/endpoints/admin";
import { isAppError } from "@/lib/errors";
import { deleteEndpointAction, fetchModelsAction, saveEndpointAction } from "../actions";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("endpoints.meta");
  return { title: t("edit") };
}

export default async function EditEndpointPage({
  params,
  searchParams,
}: {
  params: Promise<{ id: string }>;
  searchParams: Promise<{ created?: string }>;
}) {
  await requireAdminPage();
  const { id } = await params;
  const { created } = await searchParams;
  const t = await getTranslations("endpoints.page");
  let endpoint: AdminEndpoint;
  try {
    endpoint = await getAdminEndpoint({ id });
  } catch (err) {
    if (isAppError(err) && err.code === "not_found:endpoint") notFound();
    throw err;
  }
  return (
    <>
      <header className="space-y-1">
        <Link href="/admin/endpoints" className="text-sm text-zinc-500 hover:underline">
          {t("back")}
        </Link>
        <h1 className="text-2xl font-semibold" data-testid="endpoint-title">
          {endpoint.name}
        </h1>
        <p className="text-sm text-zinc-500">{t("usedBy", { count: endpoint.agentCount })}</p>
      </header>
      {created && <StatusLine ok message={t("created", { name: endpoint.name })} />}
      {endpoint.secretsUnreadable && <StatusLine message={t("secretsUnreadable")} />}
      <EndpointForm
        key={endpoint.id}
        initial={{
          id: endpoint.id,
          name: endpoint.name,
          protocol: endpoint.protocol === "demo" ? "openai" : endpoint.protocol,
          baseURL: endpoint.baseURL ?? "",
          keyHint: endpoint.keyHint,
          headerNames: endpoint.headerNames,
          models: endpoint.models,
          restricted: endpoint.restricted,
          allowedEmails: endpoint.allowedEmails,
          allowUserKeys: endpoint.allowUserKeys,
        }}
        save={saveEndpointAction}
        fetchModels={fetchModelsAction}
      />
      <DeleteEndpointButton
        id={endpoint.id}
        name={endpoint.name}
        agentCount={endpoint.agentCount}
        remove={deleteEndpointAction}
      />
    </>
  );
}
