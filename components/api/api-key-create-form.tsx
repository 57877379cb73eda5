"use client";
import { useRouter } from "next/navigation";
import { useTranslations } from "next-intl";
import { useState, useTransition } from "react";
import { FormStatus } from "@/components/ui/form-status";
import { cardClass, inputClass, primaryButton, secondaryButton } from "@/components/ui/styles";
import type { ActionResult } from "@/lib/action-result";

type Create = (input: {
  name: string;
  expiresInDays: number;
  agentIds: string[];
  listConversations: boolean;
}) => Promise<ActionResult<{ secret: string }>>;

/** Create an Agents API key; its secret is shown here once, with a copy button, and never again. */
export function ApiKeyCreateForm({
  agents,
  expiryDays,
  create,
}: {
  agents: { id: string; name: string }[];
  expiryDays: readonly number[];
  create: Create;
}) {
  const t = useTranslations("api.keys");
  const router = useRouter();
  const [pending, start] = useTransition();
  const [name, setName] = useState("");
  const [expiresInDays, setExpiry] = useState(expiryDays[1] ?? 30);
  const [agentIds, setAgentIds] = useState<string[]>([]);
  const [listConversations, setListConversations] = useState(true);
  const [result, setResult] = useState<ActionResult<{ secret: string }> | null>(null);
  const [copied, setCopied] = useState(false);
  const secret = result?.ok ? result.data.secret : null;
  return (
    <form
      className={cardClass}
      data-testid="api-key-create"
      onSubmit={(e) => {
        e.preventDefault();
        start(async () => {
          const r = await create({ name, expiresInDays, agentIds, listConversations });
          setResult(r);
          setCopied(false);
          if (r.ok) {
            setName("");
            setAgentIds([]);
            setListConversations(true);
            router.refresh();
          }
        });
      }}
    >
      <h2 className="text-lg font-medium">{t("createTitle")}</h2>
      <div className="space-y-1.5">
        <label htmlFor="api-key-name" className="block text-sm font-medium">
          {t("name")}
        </label>
        <input
          id="api-key-name"
          className={inputClass}
          value={name}
          maxLength={100}
          onChange={(e) => setName(e.target.value)}
          data-testid="api-key-name"
        />
      </div>
      <div className="space-y-1.5">
        <label htmlFor="api-key-expiry" className="block text-sm font-medium">
          {t("expiry")}
        </label>
        <select
          id="api-key-expiry"
          className={inputClass}
          value={expiresInDays}
          onChange={(e) => setExpiry(Number(e.target.value))}
          data-testid="api-key-expiry"
        >
          {expiryDays.map((d) => (
            <option key={d} value={d}>
              {d === 0 ? t("never") : t("days", { count: d })}
            </option>
          ))}
        </select>
      </div>
      {agents.length > 0 && (
        <fieldset className="space-y-1.5">
          <legend className="text-sm font-medium">{t("agents")}</legend>
          <p className="text-sm text-zinc-500">{t("agentsHelp")}</p>
          <ul className="space-y-1">
            {agents.map((a) => (
              <li key={a.id}>
                <label className="flex items-center gap-2 text-sm">
                  <input
                    type="checkbox"
                    checked={agentIds.includes(a.id)}
                    onChange={(e) =>
                      setAgentIds((ids) =>
                        e.target.checked ? [...ids, a.id] : ids.filter((x) => x !== a.id),
                      )
                    }
                  />
                  {a.name}
                </label>
              </li>
            ))}
          </ul>
        </fieldset>
      )}
      <div className="space-y-1">
        <label className="flex items-center gap-2 text-sm font-medium">
          <input
            type="checkbox"
            checked={listConversations}
            onChange={(e) => setListConversations(e.target.checked)}
            aria-describedby="api-key-list-help"
            data-testid="api-key-list-conversations"
          />
          {t("listConversations")}
        </label>
        <p id="api-key-list-help" className="text-sm text-zinc-500">
          {t("listConversationsHelp")}
        </p>
      </div>
      {result && !result.ok && <FormStatus result={result} />}
      {secret && (
        <div className="space-y-2" role="status">
          <p className="text-sm font-medium">{t("shownOnce")}</p>
          <code
            className="block break-all rounded-lg bg-zinc-100 p-3 font-mono text-sm dark:bg-zinc-900"
            data-testid="api-key-secret"
          >
            {secret}
          </code>
          <button
            type="button"
            className={secondaryButton}
            data-testid="api-key-copy"
            onClick={() => void navigator.clipboard?.writeText(secret).then(() => setCopied(true))}
          >
            {copied ? t("copied") : t("copy")}
          </button>
        </div>
      )}
      <button type="submit" className={primaryButton} disabled={pending} data-testid="api-key-submit">
        {t("create")}
      </button>
    </form>
  );
}
