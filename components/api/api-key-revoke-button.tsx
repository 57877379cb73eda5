"use client";
import { useRouter } from "next/navigation";
import { useTranslations } from "next-intl";
import { useState, useTransition } from "react";
import { FormStatus } from "@/components/ui/form-status";
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
  const router = useRouter();
  const [pending, start] = useTransition();
  const [result, setResult] = useState<ActionResult | null>(null);
  return (
    <div className="space-y-1">
      <button
        type="button"
        className={dangerButton}
        disabled={pending}
        aria-label={t("revokeNamed", { name })}
        data-testid="api-key-revoke"
        onClick={() =>
          start(async () => {
            const r = await revoke({ id });
            setResult(r);
            if (r.ok) router.refresh();
          })
        }
      >
        {t("revoke")}
      </button>
      {result && !result.ok && <FormStatus result={result} />}
    </div>
  );
}
