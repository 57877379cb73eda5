import type { Metadata } from "next";
import Link from "next/link";
import { EndpointForm } from "@/components/endpoints/endpoint-form";
import { requireAdminPage } from "@/lib/auth/session";
import { fetchModelsAction, saveEndpointAction } from "../actions";

export const metadata: Metadata = { title: "Add endpoint" };

export default async function NewEndpointPage() {
  await requireAdminPage();
  return (
    <>
      <header className="space-y-1">
        <Link href="/admin/endpoints" className="text-sm text-zinc-500 hover:underline">
          ← Model endpoints
        </Link>
        <h1 className="text-2xl font-semibold">Add endpoint</h1>
        <p className="text-sm text-zinc-500">
          Any OpenAI-compatible server (OpenRouter, Ollama, vLLM, LM Studio, DeepSeek…), Anthropic or Google.
        </p>
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
