"use client";
import { useRouter } from "next/navigation";
import { useTranslations } from "next-intl";
import { useState, useTransition } from "react";
import { FieldShell, FormStatus } from "@/components/ui/form-status";
import { cardClass, inputClass, primaryButton } from "@/components/ui/styles";
import type { ActionResult } from "@/lib/action-result";
import { type HeaderRow, HeaderRows } from "./header-rows";
import { KeyField } from "./key-field";
import { ModelsField } from "./models-field";
import { useProtocolName } from "./protocols";

export interface EndpointFormValues {
  id?: string;
  name: string;
  protocol: "openai" | "anthropic" | "google";
  baseURL: string;
  keyHint: string | null;
  headerNames: string[];
  models: string[];
  restricted: boolean;
  allowedEmails: string[];
  allowUserKeys: boolean;
}

type Payload = Record<string, unknown>;
type SaveResult = ActionResult<{ id: string }>;
type FetchResult = ActionResult<{ models: string[] }>;

/** Add or edit a stored endpoint. The key and header values are write-only. */
export function EndpointForm({
  initial,
  save,
  fetchModels,
}: {
  initial: EndpointFormValues;
  save: (payload: Payload) => Promise<SaveResult>;
  fetchModels: (payload: Payload) => Promise<FetchResult>;
}) {
  const t = useTranslations("endpoints.form");
  const protocolName = useProtocolName();
  const router = useRouter();
  const [pending, start] = useTransition();
  const [v, setV] = useState({
    name: initial.name,
    protocol: initial.protocol,
    baseURL: initial.baseURL,
    apiKey: "",
    removeKey: false,
    models: initial.models.join("\n"),
    access: initial.restricted ? "selected" : "everyone",
    allowedEmails: initial.allowedEmails.join("\n"),
    allowUserKeys: initial.allowUserKeys,
  });
  const [headers, setHeaders] = useState<HeaderRow[]>(
    initial.headerNames.map((name) => ({ name, value: "", stored: true })),
  );
  const [result, setResult] = useState<SaveResult | null>(null);
  // Field errors of the last save; a field's error goes away as soon as it is edited.
  const [fields, setFields] = useState<Record<string, string>>({});
  const clearError = (k: string) =>
    setFields((old) => {
      if (!(k in old)) return old;
      const { [k]: _, ...rest } = old;
      return rest;
    });
  const set = <K extends keyof typeof v>(k: K, value: (typeof v)[K]) => {
    setV((old) => ({ ...old, [k]: value }));
    clearError(k === "removeKey" ? "apiKey" : k === "access" ? "allowedEmails" : k);
  };
  const onHeaders = (rows: HeaderRow[]) => {
    setHeaders(rows);
    clearError("headers");
  };
  const payload = () => ({
    ...v,
    id: initial.id,
    headers: headers.map(({ name, value }) => ({ name: name.trim(), value })),
  });

  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    start(async () => {
      const r = await save(payload());
      setResult(r);
      if (!r.ok) {
        setFields(r.error.fields ?? {});
        return;
      }
      setFields({});
      if (!initial.id) router.push(`/admin/endpoints/${r.data.id}?created=1`);
      else {
        setV((old) => ({ ...old, apiKey: "", removeKey: false }));
        router.refresh();
      }
    });
  };

  return (
    <form onSubmit={submit} className={cardClass} data-testid="endpoint-form" noValidate>
      <div className="grid gap-4 sm:grid-cols-2">
        <FieldShell label={t("name")} name="name" error={fields.name} hint={t("nameHint")}>
          <input
            id="f-name"
            className={inputClass}
            value={v.name}
            onChange={(e) => set("name", e.target.value)}
            aria-invalid={fields.name ? true : undefined}
            data-testid="input-name"
          />
        </FieldShell>
        <FieldShell label={t("protocol")} name="protocol" error={fields.protocol}>
          <select
            id="f-protocol"
            className={inputClass}
            value={v.protocol}
            onChange={(e) => set("protocol", e.target.value as typeof v.protocol)}
            data-testid="input-protocol"
          >
            {(["openai", "anthropic", "google"] as const).map((p) => (
              <option key={p} value={p}>
                {protocolName(p)}
              </option>
            ))}
          </select>
        </FieldShell>
      </div>
      <FieldShell
        label={t("baseURL")}
        name="baseURL"
        error={fields.baseURL}
        hint={t(`urlHints.${v.protocol}`)}
      >
        <input
          id="f-baseURL"
          className={`${inputClass} font-mono`}
          value={v.baseURL}
          inputMode="url"
          onChange={(e) => set("baseURL", e.target.value)}
          aria-invalid={fields.baseURL ? true : undefined}
          placeholder={t("baseURLPlaceholder")}
          data-testid="input-baseURL"
        />
      </FieldShell>
      <KeyField
        keyHint={initial.id ? initial.keyHint : null}
        value={v.apiKey}
        onChange={(apiKey) => set("apiKey", apiKey)}
        removeKey={v.removeKey}
        onRemoveKey={(removeKey) => set("removeKey", removeKey)}
        error={fields.apiKey}
      />
      <HeaderRows rows={headers} onChange={onHeaders} error={fields.headers} />
      <ModelsField
        value={v.models}
        onChange={(models) => set("models", models)}
        onFetch={() => fetchModels(payload())}
        error={fields.models}
      />
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
              data-testid={`access-${value}`}
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
              data-testid="input-allowedEmails"
            />
          </FieldShell>
        )}
      </fieldset>
      <label className="flex items-start gap-2 text-sm">
        <input
          type="checkbox"
          checked={v.allowUserKeys}
          onChange={(e) => set("allowUserKeys", e.target.checked)}
          className="mt-0.5 size-4 accent-accent-600"
          data-testid="input-allowUserKeys"
        />
        <span>
          {t("allowUserKeys")}
          <span className="block text-xs text-zinc-500">{t("allowUserKeysHint")}</span>
        </span>
      </label>
      <FormStatus result={result} />
      <button type="submit" disabled={pending} className={primaryButton} data-testid="save-endpoint">
        {pending ? t("saving") : initial.id ? t("saveChanges") : t("add")}
      </button>
    </form>
  );
}
