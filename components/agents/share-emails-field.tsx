"use client";
import { useTranslations } from "next-intl";
import { useEffect, useState } from "react";
import { inputClass } from "@/components/ui/styles";
import type { ShareCheck } from "@/lib/builder/share-check";
import { FieldError } from "./controls";
import { ShareInvite } from "./share-invite";
import type { ShareActions } from "./types";

// Long enough not to ask on every keystroke, short enough to answer before the user looks up.
const CHECK_DELAY_MS = 400;

export function splitEmails(text: string): string[] {
  return text.split(/[\s,;]+/).filter(Boolean);
}

/**
 * "Share with": the addresses, checked as they are typed (debounced; a slower answer to an older
 * text is dropped), so an address without an account is flagged before Save, with how that
 * person can get one — an invite link when registration is invite-only and the user is an admin.
 */
export function ShareEmailsField({
  initial,
  error,
  onChange,
  actions,
}: {
  initial: string[];
  error?: string;
  onChange: (emails: string[]) => void;
  actions?: ShareActions;
}) {
  const t = useTranslations("builder.share");
  const [text, setText] = useState(initial.join(", "));
  const [check, setCheck] = useState<{ text: string; result: ShareCheck } | null>(null);
  useEffect(() => {
    const emails = splitEmails(text);
    if (!actions || emails.length === 0) return;
    let current = true;
    const timer = setTimeout(async () => {
      const res = await actions.check({ emails });
      if (current && res.ok) setCheck({ text, result: res.data });
    }, CHECK_DELAY_MS);
    return () => {
      current = false;
      clearTimeout(timer);
    };
  }, [text, actions]);
  // Shown only for the text it was made for: no stale verdict while a new one is on its way.
  const result = check?.text === text ? check.result : null;
  const problems = Boolean(result && (result.invalid.length || result.unknown.length));

  return (
    <div className="space-y-1.5">
      <label className="block space-y-1.5">
        <span className="text-sm font-medium text-zinc-700 dark:text-zinc-300">{t("label")}</span>
        <input
          className={inputClass}
          data-testid="share-emails"
          aria-invalid={error || problems ? true : undefined}
          aria-describedby="share-check"
          placeholder={t("placeholder")}
          value={text}
          onChange={(e) => {
            setText(e.target.value);
            onChange(splitEmails(e.target.value));
          }}
        />
      </label>
      <div id="share-check" aria-live="polite" data-testid="share-check" className="space-y-1 text-xs">
        {result?.invalid.length ? (
          <p className="text-red-700 dark:text-red-400" data-testid="share-invalid">
            {t("invalid", { list: result.invalid.join(", ") })}
          </p>
        ) : null}
        {result?.unknown.map((email) => (
          <ShareInvite key={email} email={email} check={result} invite={actions?.invite} />
        ))}
        {result && !problems && (
          <p className="text-emerald-700 dark:text-emerald-400" data-testid="share-ok">
            {t("ok", { count: splitEmails(text).length })}
          </p>
        )}
      </div>
      <FieldError name="shareEmails" error={error} />
    </div>
  );
}
