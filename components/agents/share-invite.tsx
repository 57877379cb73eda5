"use client";
import { useTranslations } from "next-intl";
import { useState, useTransition } from "react";
import { secondaryButton } from "@/components/ui/styles";
import { inviteLink } from "@/lib/auth/invite-link";
import type { ShareCheck } from "@/lib/builder/share-check";
import type { ShareActions } from "./types";

// How long the invite link made here stays valid.
const INVITE_DAYS = 7;

/** One address no account uses: why saving would refuse it, and an invite link when possible. */
export function ShareInvite({
  email,
  check,
  invite,
}: {
  email: string;
  check: ShareCheck;
  invite?: ShareActions["invite"];
}) {
  const t = useTranslations("builder.share");
  const [pending, start] = useTransition();
  const [link, setLink] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const canInvite = check.canInvite && invite;

  const create = () =>
    start(async () => {
      const form = new FormData();
      form.set("expiresInDays", String(INVITE_DAYS));
      form.set("note", t("inviteNote", { email }));
      const res = await invite?.(form);
      if (!res) return;
      if (res.ok) setLink(inviteLink(window.location.origin, res.data.code));
      else setFailure(res.error.message);
    });

  return (
    <div className="space-y-1" data-testid="share-unknown" data-email={email}>
      <p className="text-amber-800 dark:text-amber-300">
        {t.rich("unknown", { email, b: (chunks) => <strong>{chunks}</strong> })}{" "}
        {/* What the person behind the address can do, by how registration works. */}
        {canInvite ? t("inviteOnly") : t(`howToJoin.${check.registration}`)}
      </p>
      {canInvite && !link && (
        <button
          type="button"
          className={`${secondaryButton} text-xs`}
          disabled={pending}
          onClick={create}
          data-testid="share-invite"
        >
          {pending ? t("creating") : t("createInvite", { email })}
        </button>
      )}
      {link && (
        <div className="flex flex-wrap items-center gap-2">
          <input
            readOnly
            value={link}
            aria-label={t("inviteLinkLabel", { email })}
            data-testid="share-invite-link"
            className="min-w-0 flex-1 rounded-md border border-zinc-300 bg-zinc-50 px-2 py-1 font-mono text-xs dark:border-zinc-700 dark:bg-zinc-900"
            onFocus={(e) => e.currentTarget.select()}
          />
          <button
            type="button"
            className={`${secondaryButton} text-xs`}
            onClick={() => void navigator.clipboard?.writeText(link)}
          >
            {t("copy")}
          </button>
          <span className="basis-full text-zinc-600 dark:text-zinc-400">
            {t("inviteValid", { days: INVITE_DAYS, email })}
          </span>
        </div>
      )}
      {failure && (
        <p role="alert" className="text-red-700 dark:text-red-400">
          {failure}
        </p>
      )}
    </div>
  );
}
