import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import { DeleteEndpointButton } from "@/components/endpoints/delete-endpoint-button";
import { EndpointForm } from "@/components/endpoints/endpoint-form";
import { StatusLine } from "@/components/ui/form-status";
import { requireAdminPage } from "@/lib/auth/session";
import { type AdminEndpoint, getAdminEndpoint } from "@/lib/endpoints/admin";
import { isAppError } from "@/lib/errors";
import { deleteEndpointAction, fetchModelsAction, saveEndpointAction } from "../actions";

export const metadata: Metadata = { title: "Edit endpoint" };

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
          ← Model endpoints
        </Link>
        <h1 className="text-2xl font-semibold" data-testid="endpoint-title">
          {endpoint.name}
        </h1>
        <p className="text-sm text-zinc-500">
          {endpoint.agentCount} {endpoint.agentCount === 1 ? "agent uses" : "agents use"} this endpoint.
        </p>
      </header>
      {created && (
        <StatusLine
          ok
          message={`Added ${endpoint.name}. Its models can now be picked in the agent builder.`}
        />
      )}
      {endpoint.secretsUnreadable && (
        <StatusLine message="The stored key or headers can't be decrypted (APP_ENCRYPTION_KEY changed?). Enter them again." />
      )}
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
