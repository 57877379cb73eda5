"use client";
import { useState, useTransition } from "react";
import { secondaryButton } from "@/components/ui/styles";
import { inviteLink } from "@/lib/auth/invite-link";
import type { ShareCheck } from "@/lib/builder/share-check";
import type { ShareActions } from "./types";

// What the person behind an address without an account can do, by how registration works.
const HOW_TO_JOIN = {
  open: "They can create one on the registration page, then you can share with them.",
  invite: "Registration is by invitation only: ask an administrator for an invite link for them.",
  closed: "Registration is closed: an administrator has to create their account.",
} as const;

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
  const [pending, start] = useTransition();
  const [link, setLink] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const canInvite = check.canInvite && invite;

  const create = () =>
    start(async () => {
      const form = new FormData();
      form.set("expiresInDays", "7");
      form.set("note", `Shared agent: ${email}`);
      const res = await invite?.(form);
      if (!res) return;
      if (res.ok) setLink(inviteLink(window.location.origin, res.data.code));
      else setFailure(res.error.message);
    });

  return (
    <div className="space-y-1" data-testid="share-unknown" data-email={email}>
      <p className="text-amber-800 dark:text-amber-300">
        No account uses <strong>{email}</strong> yet, so saving would refuse it.{" "}
        {canInvite ? "Registration is by invitation only." : HOW_TO_JOIN[check.registration]}
      </p>
      {canInvite && !link && (
        <button
          type="button"
          className={`${secondaryButton} text-xs`}
          disabled={pending}
          onClick={create}
          data-testid="share-invite"
        >
          {pending ? "Creating…" : `Create an invite link for ${email}`}
        </button>
      )}
      {link && (
        <div className="flex flex-wrap items-center gap-2">
          <input
            readOnly
            value={link}
            aria-label={`Invite link for ${email}`}
            data-testid="share-invite-link"
            className="min-w-0 flex-1 rounded-md border border-zinc-300 bg-zinc-50 px-2 py-1 font-mono text-xs dark:border-zinc-700 dark:bg-zinc-900"
            onFocus={(e) => e.currentTarget.select()}
          />
          <button
            type="button"
            className={`${secondaryButton} text-xs`}
            onClick={() => void navigator.clipboard?.writeText(link)}
          >
            Copy link
          </button>
          <span className="basis-full text-zinc-600 dark:text-zinc-400">
            Single use, valid 7 days. Send it to {email}; share the agent once their account exists.
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
