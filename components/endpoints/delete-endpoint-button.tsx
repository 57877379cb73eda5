"use client";
import { useTranslations } from "next-intl";
import { DeleteButton } from "@/components/ui/delete-button";
import type { ActionResult } from "@/lib/action-result";

/** Deletes a stored endpoint after a confirmation that says how many agents use it. */
export function DeleteEndpointButton({
  id,
  name,
  agentCount,
  remove,
}: {
  id: string;
  name: string;
  agentCount: number;
  remove: (input: { id: string }) => Promise<ActionResult>;
}) {
  const t = useTranslations("endpoints.delete");
  return (
    <DeleteButton
      label={t("label")}
      title={t("title", { name })}
      consequence={agentCount ? t("inUse", { count: agentCount }) : t("unused")}
      afterHref="/admin/endpoints"
      onDelete={() => remove({ id })}
      testId="delete-endpoint"
    />
  );
}
