"use client";
import { useFormatter, useTranslations } from "next-intl";
import { useCallback, useEffect, useRef, useState } from "react";
import { dangerButton, inputClass, primaryButton, secondaryButton } from "@/components/ui/styles";
import type { ShareSummary } from "@/lib/db/shares";

type ShareJson = Omit<ShareSummary, "createdAt" | "expiresAt" | "revokedAt"> & {
  createdAt: string;
  expiresAt: string | null;
  revokedAt: string | null;
};

// The choices of lib/shares/shares.ts SHARE_EXPIRY (the server refuses any other).
const EXPIRY = ["never", "1d", "7d", "30d"] as const;

export const shareUrl = (token: string) => `${window.location.origin}/share/${token}`;

/** The dialog behind "Share" (share-button.tsx): create a read-only link, copy it, revoke links. */
export function ShareDialog({
  conversationId,
  messageId,
  onClose,
}: {
  conversationId: string;
  messageId?: string;
  onClose: () => void;
}) {
  const t = useTranslations("chat.share");
  const ref = useRef<HTMLDialogElement>(null);
  const [expiresIn, setExpiresIn] = useState<(typeof EXPIRY)[number]>("never");
  const [link, setLink] = useState<string | null>(null);
  const [copied, setCopied] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [shares, setShares] = useState<ShareJson[]>([]);

  const load = useCallback(async () => {
    const res = await fetch(`/api/shares?conversationId=${encodeURIComponent(conversationId)}`, {
      cache: "no-store",
    });
    if (res.ok) setShares(((await res.json()) as { shares: ShareJson[] }).shares);
  }, [conversationId]);

  useEffect(() => {
    const opener = document.activeElement as HTMLElement | null;
    ref.current?.showModal();
    void load();
    return () => {
      if (opener?.isConnected) opener.focus();
    };
  }, [load]);

  const create = async () => {
    setBusy(true);
    setError(null);
    const res = await fetch("/api/shares", {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ conversationId, messageId, expiresIn }),
    });
    const body = (await res.json().catch(() => ({}))) as { token?: string; message?: string };
    setBusy(false);
    if (!res.ok || !body.token) return setError(body.message ?? t("failed"));
    setLink(shareUrl(body.token));
    setCopied(false);
    await load();
  };

  return (
    <dialog
      ref={ref}
      onClose={onClose}
      aria-labelledby="share-title"
      data-testid="share-dialog"
      className="m-auto w-[min(32rem,calc(100vw-2rem))] rounded-xl border border-zinc-200 bg-white p-5 text-zinc-900 shadow-xl backdrop:bg-black/40 dark:border-zinc-800 dark:bg-zinc-900 dark:text-zinc-100"
    >
      <h2 id="share-title" className="text-lg font-semibold">
        {t("title")}
      </h2>
      <p className="mt-1 text-sm text-zinc-600 dark:text-zinc-300">{t("explain")}</p>
      <div className="mt-4 flex flex-wrap items-end gap-2">
        <label className="text-sm">
          <span className="mb-1 block font-medium">{t("expiry")}</span>
          <select
            value={expiresIn}
            onChange={(e) => setExpiresIn(e.target.value as (typeof EXPIRY)[number])}
            data-testid="share-expiry"
            className={inputClass}
          >
            {EXPIRY.map((e) => (
              <option key={e} value={e}>
                {t(`expiryChoice.${e}`)}
              </option>
            ))}
          </select>
        </label>
        <button
          type="button"
          onClick={create}
          disabled={busy}
          data-testid="share-create"
          className={primaryButton}
        >
          {t("create")}
        </button>
      </div>
      {error && (
        <p role="alert" className="mt-2 text-sm text-red-700 dark:text-red-300">
          {error}
        </p>
      )}
      {link && (
        <div className="mt-4 flex gap-2">
          <input
            readOnly
            value={link}
            aria-label={t("link")}
            data-testid="share-link"
            className={inputClass}
            onFocus={(e) => e.currentTarget.select()}
          />
          <button
            type="button"
            className={secondaryButton}
            data-testid="share-copy"
            onClick={() => void navigator.clipboard?.writeText(link).then(() => setCopied(true))}
          >
            {copied ? t("copied") : t("copy")}
          </button>
        </div>
      )}
      <ShareList shares={shares} onChanged={load} />
      <div className="mt-5 flex justify-end">
        <button type="button" onClick={onClose} className={secondaryButton}>
          {t("close")}
        </button>
      </div>
    </dialog>
  );
}

/** Links with their state and a Revoke button for live ones (the dialog's and Settings' list). */
export function ShareList({
  shares,
  onChanged,
  withTitles = false,
}: {
  shares: ShareJson[];
  onChanged: () => void | Promise<void>;
  withTitles?: boolean;
}) {
  const t = useTranslations("chat.share");
  const format = useFormatter();
  const [now] = useState(() => Date.now());
  if (!shares.length) return <p className="mt-4 text-sm text-zinc-600 dark:text-zinc-400">{t("none")}</p>;
  const revoke = async (id: string) => {
    await fetch(`/api/shares/${encodeURIComponent(id)}`, { method: "DELETE" });
    await onChanged();
  };
  return (
    <ul className="mt-4 divide-y divide-zinc-200 text-sm dark:divide-zinc-800" data-testid="share-list">
      {shares.map((s) => {
        const expired = s.expiresAt !== null && new Date(s.expiresAt).getTime() <= now;
        const state = s.revokedAt ? t("revoked") : expired ? t("expired") : null;
        return (
          <li key={s.id} className="flex items-center justify-between gap-3 py-2" data-testid="share-item">
            <span className="min-w-0">
              {withTitles && <span className="block truncate font-medium">{s.conversationTitle}</span>}
              <span className="text-zinc-600 dark:text-zinc-400">
                {t("created", { date: format.dateTime(new Date(s.createdAt), { dateStyle: "medium" }) })}
                {" · "}
                {state ??
                  (s.expiresAt
                    ? t("expires", { date: format.dateTime(new Date(s.expiresAt), { dateStyle: "medium" }) })
                    : t("noExpiry"))}
              </span>
            </span>
            {!state && (
              <button
                type="button"
                data-testid="share-revoke"
                onClick={() => void revoke(s.id)}
                className={dangerButton}
              >
                {t("revoke")}
              </button>
            )}
          </li>
        );
      })}
    </ul>
  );
}
