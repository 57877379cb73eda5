import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import { getTranslations } from "next-intl/server";
import { AgentCardActions } from "@/components/agents/agent-card-actions";
import { AgentForm } from "@/components/agents/agent-form";
import { formFromDraft } from "@/components/agents/form-state";
import { VersionHistory } from "@/components/agents/version-history";
import { VersionEvalPrompt } from "@/components/evals/version-eval-prompt";
import { requireUserPage } from "@/lib/auth/session";
import { getAgent } from "@/lib/db/agents";
import { listAgentVersions } from "@/lib/db/agents-write";
import { isAppError } from "@/lib/errors";
import { versionEvalPrompt } from "@/lib/evals/service";
import { createInviteAction } from "../../admin/registration/actions";
import {
  agentParentsAction,
  checkShareEmailsAction,
  deleteAgentAction,
  duplicateAgentAction,
  previewAgentAction,
  restoreVersionAction,
  saveAgentAction,
} from "../actions";
import { formOptions } from "../form-options";
import { startEvalAction } from "./evals/actions";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("agents.page");
  return { title: t("metaTitle") };
}

export default async function AgentPage({
  params,
  searchParams,
}: {
  params: Promise<{ id: string }>;
  searchParams: Promise<{ created?: string }>;
}) {
  const user = await requireUserPage();
  const { id } = await params;
  // Set by the builder after "Create agent", so its confirmation survives the page switch.
  const justCreated = (await searchParams).created === "1";
  const agent = await getAgent({ id, userId: user.id }).catch((err) => {
    if (isAppError(err) && err.status === 404) notFound();
    throw err;
  });
  const [options, versions, evalPrompt, t, tEvals] = await Promise.all([
    formOptions(user.id),
    agent.isOwner ? listAgentVersions({ id, userId: user.id }) : Promise.resolve([]),
    agent.isOwner ? versionEvalPrompt({ agentId: id, userId: user.id }) : Promise.resolve(null),
    getTranslations("agents.page"),
    getTranslations("evals.page"),
  ]);
  return (
    <div className="mx-auto max-w-5xl space-y-6 p-4 md:p-8">
      <header className="space-y-3">
        <Link href="/agents" className="text-sm text-zinc-500 hover:text-zinc-800 dark:hover:text-zinc-200">
          {t("back")}
        </Link>
        <div className="flex flex-wrap items-start justify-between gap-3">
          <div className="min-w-0">
            <h1 className="truncate text-2xl font-semibold" data-testid="agent-title">
              {agent.draft.name}
            </h1>
            <p className="text-sm text-zinc-500">
              {agent.isOwner
                ? t("yours", { version: agent.version })
                : t("byOwner", { version: agent.version, owner: agent.ownerName })}
            </p>
          </div>
          <div className="flex flex-wrap items-center gap-2">
            <Link
              href={`/chat?agent=${agent.id}`}
              data-testid="chat-with-agent"
              className="rounded-lg bg-accent-600 px-3 py-2 text-sm font-medium text-white hover:bg-accent-700"
            >
              {t("chat")}
            </Link>
            <Link
              href={`/agents/${agent.id}/evals`}
              data-testid="agent-evals"
              className="rounded-lg border border-zinc-300 px-3 py-2 text-sm hover:bg-zinc-50 dark:border-zinc-700 dark:hover:bg-zinc-800"
            >
              {tEvals("tab")}
            </Link>
            {/* A download, not a page: the team file of this agent and the tree the user may view. */}
            <a
              href={`/api/agents/${agent.id}/export`}
              download
              data-testid="export-team"
              className="rounded-lg border border-zinc-300 px-3 py-2 text-sm hover:bg-zinc-50 dark:border-zinc-700 dark:hover:bg-zinc-800"
            >
              {t("export")}
            </a>
            <AgentCardActions
              agent={{ id: agent.id, name: agent.draft.name, isOwner: agent.isOwner }}
              duplicate={duplicateAgentAction}
              parents={agentParentsAction}
              remove={deleteAgentAction}
              afterDelete="/agents"
              showChat={false}
            />
          </div>
        </div>
      </header>
      <AgentForm
        initial={formFromDraft(agent.draft)}
        agentId={agent.id}
        names={agent.names}
        options={options}
        readOnly={!agent.isOwner}
        notice={justCreated && agent.isOwner ? t("created", { version: agent.version }) : undefined}
        save={saveAgentAction}
        preview={previewAgentAction}
        share={{ check: checkShareEmailsAction, invite: createInviteAction }}
      />
      {evalPrompt && (
        <VersionEvalPrompt
          agentId={agent.id}
          data={{
            ...evalPrompt,
            last: evalPrompt.last && {
              ...evalPrompt.last,
              createdAt: evalPrompt.last.createdAt.toISOString(),
            },
          }}
          start={startEvalAction}
        />
      )}
      {agent.isOwner && (
        <VersionHistory
          agentId={agent.id}
          current={agent.version}
          versions={versions.map((v) => ({ ...v, createdAt: v.createdAt.toISOString() }))}
          restore={restoreVersionAction}
        />
      )}
    </div>
  );
}
