"use client";
import { useRouter } from "next/navigation";
import { useTranslations } from "next-intl";
import { useState, useTransition } from "react";
import { FormStatus } from "@/components/ui/form-status";
import { inputClass } from "@/components/ui/styles";
import type { ActionResult } from "@/lib/action-result";

type Access = "default" | "on" | "off";

/** An admin's switch of one user's Agents API access (saved on change). */
export function ApiAccessSelect({
  userId,
  email,
  access,
  save,
}: {
  userId: string;
  email: string;
  access: Access;
  save: (input: { userId: string; access: Access }) => Promise<ActionResult>;
}) {
  const t = useTranslations("api.admin");
  const router = useRouter();
  const [pending, start] = useTransition();
  const [result, setResult] = useState<ActionResult | null>(null);
  return (
    <div className="space-y-1">
      <select
        className={inputClass}
        aria-label={t("accessFor", { email })}
        defaultValue={access}
        disabled={pending}
        data-testid="api-access-select"
        onChange={(e) => {
          const value = e.target.value as Access;
          start(async () => {
            const r = await save({ userId, access: value });
            setResult(r);
            if (r.ok) router.refresh();
          });
        }}
      >
        <option value="default">{t("followDefault")}</option>
        <option value="on">{t("on")}</option>
        <option value="off">{t("off")}</option>
      </select>
      {result && !result.ok && <FormStatus result={result} />}
    </div>
  );
}
