"use client";
import { useRouter } from "next/navigation";
import { useTranslations } from "next-intl";
import { useState, useTransition } from "react";
import { type HeaderRow, HeaderRows } from "@/components/endpoints/header-rows";
import { FieldShell, FormStatus } from "@/components/ui/form-status";
import { cardClass, inputClass, primaryButton } from "@/components/ui/styles";
import type { ActionResult } from "@/lib/action-result";

export interface McpServerFormValues {
  id?: string;
  /** Built-in servers: only whether it is on and who may use it can change. */
  builtin: boolean;
  name: string;
  transport: "http" | "stdio";
  url: string;
  auth: "none" | "oauth";
  headerNames: string[];
  command: string;
  args: string[];
  envNames: string[];
  enabled: boolean;
  restricted: boolean;
  allowedEmails: string[];
}

type SaveResult = ActionResult<{ id: string }>;

/** Add or edit an MCP server. Header and environment values are write-only (empty = keep). */
export function McpServerForm({
  initial,
  allowStdio,
  save,
}: {
  initial: McpServerFormValues;
  /** The operator allows stdio servers (MCP_ALLOW_STDIO); otherwise the choice is not offered. */
  allowStdio: boolean;
  save: (payload: Record<string, unknown>) => Promise<SaveResult>;
}) {
  const t = useTranslations("mcp.form");
  const transports = useTranslations("mcp.transports");
  const router = useRouter();
  const [pending, start] = useTransition();
  const [v, setV] = useState({
    name: initial.name,
    transport: initial.transport,
    url: initial.url,
    auth: initial.auth,
    command: initial.command,
    args: initial.args.join("\n"),
    enabled: initial.enabled,
    access: initial.restricted ? "selected" : "everyone",
    allowedEmails: initial.allowedEmails.join("\n"),
  });
  const stored = (names: string[]): HeaderRow[] => names.map((name) => ({ name, value: "", stored: true }));
  const [headers, setHeaders] = useState<HeaderRow[]>(stored(initial.headerNames));
  const [env, setEnv] = useState<HeaderRow[]>(stored(initial.envNames));
  const [result, setResult] = useState<SaveResult | null>(null);
  const [fields, setFields] = useState<Record<string, string>>({});
  const clearError = (k: string) =>
    setFields((old) => {
      if (!(k in old)) return old;
      const { [k]: _, ...rest } = old;
      return rest;
    });
  const set = <K extends keyof typeof v>(k: K, value: (typeof v)[K]) => {
    setV((old) => ({ ...old, [k]: value }));
    clearError(k === "access" ? "allowedEmails" : k);
  };
  const rows = (list: HeaderRow[]) => list.map(({ name, value }) => ({ name: name.trim(), value }));

  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    start(async () => {
      const r = await save({ ...v, id: initial.id, headers: rows(headers), env: rows(env) });
      setResult(r);
      if (!r.ok) {
        setFields(r.error.fields ?? {});
        return;
      }
      setFields({});
      if (!initial.id) router.push(`/admin/tools/${r.data.id}?created=1`);
      else router.refresh();
    });
  };

  const stdioOffered = allowStdio || initial.transport === "stdio";
  return (
    <form onSubmit={submit} className={cardClass} data-testid="mcp-server-form" noValidate>
      {!initial.builtin && (
        <>
          <div className="grid gap-4 sm:grid-cols-2">
            <FieldShell label={t("name")} name="name" error={fields.name} hint={t("nameHint")}>
              <input
                id="f-name"
                className={inputClass}
                value={v.name}
                onChange={(e) => set("name", e.target.value)}
                aria-invalid={fields.name ? true : undefined}
                data-testid="mcp-input-name"
              />
            </FieldShell>
            <FieldShell
              label={t("transport")}
              name="transport"
              error={fields.transport}
              hint={allowStdio ? undefined : t("stdioOff")}
            >
              <select
                id="f-transport"
                className={inputClass}
                value={v.transport}
                onChange={(e) => set("transport", e.target.value as typeof v.transport)}
                data-testid="mcp-input-transport"
              >
                <option value="http">{transports("http")}</option>
                {stdioOffered && <option value="stdio">{t("stdioOption")}</option>}
              </select>
            </FieldShell>
          </div>
          {v.transport === "http" ? (
            <>
              <FieldShell label={t("url")} name="url" error={fields.url} hint={t("urlHint")}>
                <input
                  id="f-url"
                  className={`${inputClass} font-mono`}
                  value={v.url}
                  inputMode="url"
                  placeholder={t("urlPlaceholder")}
                  onChange={(e) => set("url", e.target.value)}
                  aria-invalid={fields.url ? true : undefined}
                  data-testid="mcp-input-url"
                />
              </FieldShell>
              <FieldShell label={t("auth")} name="auth" error={fields.auth} hint={t("authHint")}>
                <select
                  id="f-auth"
                  className={inputClass}
                  value={v.auth}
                  onChange={(e) => set("auth", e.target.value as typeof v.auth)}
                  data-testid="mcp-input-auth"
                >
                  <option value="none">{t("authNone")}</option>
                  <option value="oauth">{t("authOauth")}</option>
                </select>
              </FieldShell>
              <HeaderRows
                rows={headers}
                onChange={(list) => {
                  setHeaders(list);
                  clearError("headers");
                }}
                error={fields.headers}
                hint={t("headersHint")}
              />
            </>
          ) : (
            <>
              <FieldShell label={t("command")} name="command" error={fields.command}>
                <input
                  id="f-command"
                  className={`${inputClass} font-mono`}
                  value={v.command}
                  placeholder={t("commandPlaceholder")}
                  onChange={(e) => set("command", e.target.value)}
                  aria-invalid={fields.command ? true : undefined}
                  data-testid="mcp-input-command"
                />
              </FieldShell>
              <FieldShell label={t("args")} name="args" error={fields.args} hint={t("argsHint")}>
                <textarea
                  id="f-args"
                  rows={3}
                  className={`${inputClass} font-mono`}
                  value={v.args}
                  onChange={(e) => set("args", e.target.value)}
                  data-testid="mcp-input-args"
                />
              </FieldShell>
              <HeaderRows
                rows={env}
                onChange={(list) => {
                  setEnv(list);
                  clearError("env");
                }}
                error={fields.env}
                legend={t("env")}
                what="variable"
                namePlaceholder="API_TOKEN"
                testPrefix="env"
                hint={t("envHint")}
              />
            </>
          )}
        </>
      )}
      <label className="flex items-start gap-2 text-sm">
        <input
          type="checkbox"
          checked={v.enabled}
          onChange={(e) => set("enabled", e.target.checked)}
          className="mt-0.5 size-4 accent-accent-600"
          data-testid="mcp-input-enabled"
        />
        <span>
          {t("enabled")}
          <span className="block text-xs text-zinc-500">{t("enabledHint")}</span>
        </span>
      </label>
      <fieldset className="space-y-2">
        <legend className="text-sm font-medium text-zinc-700 dark:text-zinc-300">{t("access")}</legend>
        {(["everyone", "selected"] as const).map((value) => (
          <label key={value} className="flex items-center gap-2 text-sm">
            <input
              type="radio"
              name="access"
              value={value}
              checked={v.access === value}
              onChange={() => set("access", value)}
              className="size-4 accent-accent-600"
              data-testid={`mcp-access-${value}`}
            />
            {t(value)}
          </label>
        ))}
        {v.access === "selected" && (
          <FieldShell
            label={t("emails")}
            name="allowedEmails"
            error={fields.allowedEmails}
            hint={t("emailsHint")}
          >
            <textarea
              id="f-allowedEmails"
              rows={3}
              className={inputClass}
              value={v.allowedEmails}
              onChange={(e) => set("allowedEmails", e.target.value)}
              aria-invalid={fields.allowedEmails ? true : undefined}
              data-testid="mcp-input-allowedEmails"
            />
          </FieldShell>
        )}
      </fieldset>
      <FormStatus result={result} />
      <button type="submit" disabled={pending} className={primaryButton} data-testid="save-mcp-server">
        {pending ? t("saving") : initial.id ? t("saveChanges") : t("add")}
      </button>
    </form>
  );
}
