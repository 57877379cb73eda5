import type { Metadata } from "next";
import Link from "next/link";
import { getTranslations } from "next-intl/server";
import { AgentForm } from "@/components/agents/agent-form";
import { emptyForm } from "@/components/agents/form-state";
import { requireUserPage } from "@/lib/auth/session";
import { DEFAULT_MODEL_CHOICE } from "@/lib/endpoints/catalog";
import { createInviteAction } from "../../admin/registration/actions";
import { checkShareEmailsAction, previewAgentAction, saveAgentAction } from "../actions";
import { formOptions } from "../form-options";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("agents.page");
  return { title: t("newMetaTitle") };
}

export default async function NewAgentPage() {
  const user = await requireUserPage();
  const [options, t] = await Promise.all([formOptions(user.id), getTranslations("agents.page")]);
  const first = options.models.find((m) => m.id === DEFAULT_MODEL_CHOICE.provider) ?? options.models[0];
  const initial = emptyForm({ provider: first?.id ?? "", model: first?.models[0] ?? "" });
  return (
    <div className="mx-auto max-w-5xl space-y-6 p-4 md:p-8">
      <header className="space-y-1">
        <Link href="/agents" className="text-sm text-zinc-500 hover:text-zinc-800 dark:hover:text-zinc-200">
          {t("back")}
        </Link>
        <h1 className="text-2xl font-semibold" data-testid="agent-title">
          {t("newTitle")}
        </h1>
      </header>
      <AgentForm
        initial={initial}
        options={options}
        save={saveAgentAction}
        preview={previewAgentAction}
        share={{ check: checkShareEmailsAction, invite: createInviteAction }}
      />
    </div>
  );
}
