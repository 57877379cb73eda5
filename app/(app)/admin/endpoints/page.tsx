import type { Metadata } from "next";
import Link from "next/link";
import { EndpointList } from "@/components/endpoints/endpoint-list";
import { primaryButton } from "@/components/ui/styles";
import { requireAdminPage } from "@/lib/auth/session";
import { DEMO_LABEL, listAllEndpoints } from "@/lib/endpoints/catalog";

export const metadata: Metadata = { title: "Model endpoints" };

export default async function EndpointsPage() {
  await requireAdminPage();
  const endpoints = await listAllEndpoints();
  return (
    <>
      <header className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h1 className="text-2xl font-semibold" data-testid="endpoints-title">
            Model endpoints
          </h1>
          <p className="text-sm text-zinc-500">
            Where agents get their models. Keys are stored encrypted; only their last 4 characters are shown.
          </p>
        </div>
        <Link href="/admin/endpoints/new" className={primaryButton} data-testid="add-endpoint">
          Add endpoint
        </Link>
      </header>
      <EndpointList endpoints={endpoints} demoLabel={DEMO_LABEL} />
      {endpoints.some((e) => e.source === "env") && (
        <p className="text-xs text-zinc-500">
          Environment endpoints come from variables such as OPENAI_API_KEY; change them in the server&apos;s
          environment.
        </p>
      )}
    </>
  );
}
