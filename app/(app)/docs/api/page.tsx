import type { Metadata } from "next";
import { headers } from "next/headers";
import Link from "next/link";
import { getTranslations } from "next-intl/server";
import { cardClass } from "@/components/ui/styles";
import { publicOrigin } from "@/lib/api/base-url";
import { apiExamples } from "@/lib/api/examples";
import { requireUserPage } from "@/lib/auth/session";
import { listUsableAgents } from "@/lib/db/agents";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("api.docs");
  return { title: t("title") };
}

const ENDPOINTS = [
  "models",
  "model",
  "chat",
  "responses",
  "response",
  "approvals",
  "steer",
  "tasks",
  "task",
  "taskCancel",
  "openapi",
] as const;
const ERRORS = ["401", "403", "404", "400", "413", "429"] as const;
/** The body of every error (OpenAI's), shown as code. */
const ERROR_SHAPE = '{"error": {"message": "…", "type": "…", "code": "…", "param": null}}';

function Code({ label, text, testId }: { label: string; text: string; testId?: string }) {
  return (
    <figure className="space-y-1">
      <figcaption className="text-sm font-medium">{label}</figcaption>
      <pre
        className="overflow-x-auto rounded-lg bg-zinc-100 p-3 font-mono text-[13px] leading-relaxed dark:bg-zinc-900"
        data-testid={testId}
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable code block must be reachable by keyboard
        tabIndex={0}
      >
        <code>{text}</code>
      </pre>
    </figure>
  );
}

/** GET /docs/api: how to call your agents from scripts, with examples filled in for this server. */
export default async function ApiDocsPage() {
  const user = await requireUserPage();
  const [agents, t, h] = await Promise.all([
    listUsableAgents({ userId: user.id }),
    getTranslations("api.docs"),
    headers(),
  ]);
  const origin = publicOrigin(h);
  const model = agents[0]?.id ?? t("agentIdPlaceholder");
  const examples = apiExamples({ baseUrl: origin, model });
  return (
    <div className="mx-auto max-w-3xl space-y-6 p-4 md:p-8">
      <header className="space-y-1">
        <Link href="/settings/api-keys" className="text-sm text-zinc-600 underline dark:text-zinc-400">
          {t("back")}
        </Link>
        <h1 className="text-2xl font-semibold" data-testid="api-docs-title">
          {t("title")}
        </h1>
        <p className="text-sm text-zinc-600 dark:text-zinc-400">{t("intro")}</p>
      </header>

      <section className={cardClass} aria-labelledby="api-docs-start">
        <h2 id="api-docs-start" className="text-lg font-medium">
          {t("startTitle")}
        </h2>
        <ol className="list-decimal space-y-1 ps-5 text-sm">
          <li>
            {t.rich("step1", {
              keys: (chunks) => (
                <Link href="/settings/api-keys" className="underline">
                  {chunks}
                </Link>
              ),
            })}
          </li>
          <li>{t("step2")}</li>
          <li>{t("step3")}</li>
        </ol>
        <Code label={t("baseUrl")} text={`${origin}/v1`} testId="api-docs-base-url" />
        <Code label={t("curl")} text={examples.curl} testId="api-docs-curl" />
        <Code label={t("python")} text={examples.python} />
        <Code label={t("node")} text={examples.node} testId="api-docs-node" />
      </section>

      <section className={cardClass} aria-labelledby="api-docs-models">
        <h2 id="api-docs-models" className="text-lg font-medium">
          {t("modelsTitle")}
        </h2>
        <p className="text-sm text-zinc-600 dark:text-zinc-400">{t("modelsHelp")}</p>
        {agents.length === 0 ? (
          <p className="text-sm">{t("noAgents")}</p>
        ) : (
          <table className="w-full text-left text-sm">
            <thead>
              <tr>
                <th scope="col" className="py-1 pe-3 font-medium">
                  {t("agent")}
                </th>
                <th scope="col" className="py-1 font-medium">
                  {t("model")}
                </th>
              </tr>
            </thead>
            <tbody>
              {agents.map((a) => (
                <tr key={a.id} className="border-t border-zinc-200 dark:border-zinc-800">
                  <td className="py-1 pe-3">{a.name}</td>
                  <td className="py-1 font-mono text-xs break-all">{a.id}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </section>

      <section className={cardClass} aria-labelledby="api-docs-endpoints">
        <h2 id="api-docs-endpoints" className="text-lg font-medium">
          {t("endpointsTitle")}
        </h2>
        <dl className="space-y-2 text-sm">
          {ENDPOINTS.map((e) => (
            <div key={e}>
              <dt className="font-mono text-xs">{t(`endpoint.${e}.path`)}</dt>
              <dd className="text-zinc-600 dark:text-zinc-400">{t(`endpoint.${e}.what`)}</dd>
            </div>
          ))}
        </dl>
      </section>

      <section className={cardClass} aria-labelledby="api-docs-errors">
        <h2 id="api-docs-errors" className="text-lg font-medium">
          {t("errorsTitle")}
        </h2>
        <p className="text-sm text-zinc-600 dark:text-zinc-400">{t("errorsHelp")}</p>
        <pre className="whitespace-pre-wrap break-words rounded-lg bg-zinc-100 p-3 font-mono text-[13px] dark:bg-zinc-900">
          <code>{ERROR_SHAPE}</code>
        </pre>
        <dl className="space-y-1 text-sm">
          {ERRORS.map((status) => (
            <div key={status} className="flex gap-3">
              <dt className="w-10 shrink-0 font-mono">{status}</dt>
              <dd>{t(`error.${status}`)}</dd>
            </div>
          ))}
        </dl>
      </section>
    </div>
  );
}
