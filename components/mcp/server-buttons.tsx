"use client";
import { useRouter } from "next/navigation";
import { useTranslations } from "next-intl";
import { useState, useTransition } from "react";
import { DeleteButton } from "@/components/ui/delete-button";
import { FormStatus } from "@/components/ui/form-status";
import { secondaryButton } from "@/components/ui/styles";
import type { ActionResult } from "@/lib/action-result";

/** Connects to the server and lists its tools again; the page shows the stored outcome. */
export function RefreshMcpServerButton({
  id,
  refresh,
}: {
  id: string;
  refresh: (input: { id: string }) => Promise<ActionResult<{ status: string; tools: number }>>;
}) {
  const t = useTranslations("mcp.buttons");
  const router = useRouter();
  const [pending, start] = useTransition();
  const [result, setResult] = useState<ActionResult<unknown> | null>(null);
  return (
    <div className="flex flex-wrap items-center gap-3">
      <button
        type="button"
        className={secondaryButton}
        disabled={pending}
        data-testid="mcp-refresh"
        onClick={() =>
          start(async () => {
            setResult(await refresh({ id }));
            router.refresh();
          })
        }
      >
        {pending ? t("connecting") : t("refresh")}
      </button>
      <FormStatus result={result} />
    </div>
  );
}

/** Deletes a stored MCP server after a confirmation. */
export function DeleteMcpServerButton({
  id,
  name,
  remove,
}: {
  id: string;
  name: string;
  remove: (input: { id: string }) => Promise<ActionResult>;
}) {
  const t = useTranslations("mcp.buttons");
  return (
    <DeleteButton
      label={t("delete")}
      title={t("deleteTitle", { name })}
      consequence={t("deleteConsequence")}
      afterHref="/admin/tools"
      onDelete={() => remove({ id })}
      testId="delete-mcp-server"
    />
  );
}
