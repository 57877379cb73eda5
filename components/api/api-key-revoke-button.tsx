"use client";
import { useTranslations } from "next-intl";
import { ActionButton } from "@/components/ui/action-button";
import { dangerButton } from "@/components/ui/styles";
import type { ActionResult } from "@/lib/action-result";

/** Revokes one of the user's keys: refused by the API from the next request on. */
export function ApiKeyRevokeButton({
  id,
  name,
  revoke,
}: {
  id: string;
  name: string;
  revoke: (input: { id: string }) => Promise<ActionResult>;
}) {
  const t = useTranslations("api.keys");
  return (
    <ActionButton
      action={() => revoke({ id })}
      className={dangerButton}
      ariaLabel={t("revokeNamed", { name })}
      testId="api-key-revoke"
    >
      {() => t("revoke")}
    </ActionButton>
  );
}
