"use client";
import { useFormatter, useTranslations } from "next-intl";
import { useState, useTransition } from "react";
import { Badge } from "@/components/ui/badge";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import type { ActionResult } from "@/lib/action-result";

const ACTION =
  "whitespace-nowrap rounded-md border border-zinc-300 px-2 py-1 text-xs font-medium hover:bg-zinc-100 disabled:opacity-60 dark:border-zinc-700 dark:hover:bg-zinc-800";

interface UserRow {
  id: string;
  name: string | null;
  email: string;
  role: "USER" | "ADMIN";
  disabled: boolean;
  createdAt: string;
  /** null = no balance row yet (created on the first run). */
  balance?: number | null;
  tokens30d?: number;
  hasOverride?: boolean;
}

export function UsersTable({
  users,
  currentUserId,
  setDisabled,
  makeResetLink,
}: {
  users: UserRow[];
  currentUserId: string;
  setDisabled: (input: { userId: string; disabled: boolean }) => Promise<ActionResult>;
  makeResetLink: (input: { userId: string }) => Promise<ActionResult<{ path: string }>>;
}) {
  const t = useTranslations("admin.users");
  const format = useFormatter();
  const [pending, start] = useTransition();
  const [error, setError] = useState<string | null>(null);
  const [confirming, setConfirming] = useState<UserRow | null>(null);
  // The last disable, offered for undo until another change replaces it.
  const [undo, setUndo] = useState<UserRow | null>(null);
  // The last reset link made, shown once to pass on (it is not stored, only its hash).
  const [resetLink, setResetLink] = useState<{ email: string; url: string } | null>(null);

  const makeLink = (u: UserRow) =>
    start(async () => {
      const res = await makeResetLink({ userId: u.id });
      setError(res.ok ? null : res.error.message);
      setResetLink(
        res.ok ? { email: u.email, url: new URL(res.data.path, window.location.origin).href } : null,
      );
    });

  const change = (u: UserRow, disabled: boolean) =>
    start(async () => {
      const res = await setDisabled({ userId: u.id, disabled });
      setError(res.ok ? null : res.error.message);
      setConfirming(null);
      setUndo(res.ok && disabled ? u : null);
    });

  return (
    <div className="relative overflow-x-auto rounded-xl border border-zinc-200 dark:border-zinc-800">
      {error && (
        <p
          role="alert"
          className="bg-red-50 px-4 py-2 text-sm text-red-700 dark:bg-red-950/50 dark:text-red-300"
        >
          {error}
        </p>
      )}
      {undo && (
        <p
          role="status"
          data-testid="disable-undo-bar"
          className="flex items-center justify-between gap-3 bg-amber-50 px-4 py-2 text-sm text-amber-900 dark:bg-amber-500/15 dark:text-amber-100"
        >
          <span>{t("disabledBar", { email: undo.email })}</span>
          <button
            type="button"
            disabled={pending}
            onClick={() => change(undo, false)}
            data-testid="undo-disable"
            className="font-medium underline underline-offset-2"
          >
            {t("undo")}
          </button>
        </p>
      )}
      {resetLink && (
        <div
          role="status"
          data-testid="reset-link-bar"
          className="space-y-1 bg-accent-50 px-4 py-2 text-sm text-zinc-900 dark:bg-accent-500/15 dark:text-zinc-100"
        >
          <p>{t("resetLinkMade", { email: resetLink.email })}</p>
          <code className="block break-all font-mono text-xs" data-testid="reset-link">
            {resetLink.url}
          </code>
        </div>
      )}
      {confirming && (
        <ConfirmDialog
          title={t("confirm.title", { name: confirming.name ?? confirming.email })}
          confirmLabel={t("confirm.action")}
          pendingLabel={t("confirm.pending")}
          pending={pending}
          onCancel={() => setConfirming(null)}
          onConfirm={() => change(confirming, true)}
          testId="disable-dialog"
        >
          <p>{t("confirm.body", { email: confirming.email })}</p>
        </ConfirmDialog>
      )}
      <table className="stack-table w-full text-left text-sm" data-testid="users-table">
        <thead className="bg-zinc-50 text-xs uppercase text-zinc-500 dark:bg-zinc-900">
          <tr>
            <th className="px-4 py-2 font-medium">{t("columns.user")}</th>
            <th className="px-4 py-2 font-medium">{t("columns.role")}</th>
            <th className="px-4 py-2 font-medium">{t("columns.joined")}</th>
            <th className="px-4 py-2 text-right font-medium">{t("columns.balance")}</th>
            <th className="px-4 py-2 text-right font-medium">{t("columns.tokens30d")}</th>
            <th className="px-4 py-2 font-medium">{t("columns.status")}</th>
          </tr>
        </thead>
        <tbody className="divide-y divide-zinc-200 dark:divide-zinc-800">
          {users.map((u) => (
            <tr key={u.id} data-testid={`user-row-${u.email}`}>
              <td data-label={t("columns.user")} className="px-4 py-2">
                <div className="font-medium">{u.name ?? "—"}</div>
                <div className="text-xs text-zinc-500">{u.email}</div>
              </td>
              <td data-label={t("columns.role")} className="px-4 py-2">
                {t(`roles.${u.role}`)}
              </td>
              <td data-label={t("columns.joined")} className="px-4 py-2 text-zinc-500">
                {format.dateTime(new Date(u.createdAt), { dateStyle: "medium" })}
              </td>
              <td
                data-label={t("columns.balance")}
                className="px-4 py-2 text-right tabular-nums"
                data-testid="user-balance"
              >
                {u.balance === null || u.balance === undefined ? "—" : format.number(u.balance)}
              </td>
              <td data-label={t("columns.tokens30d")} className="px-4 py-2 text-right tabular-nums">
                {format.number(u.tokens30d ?? 0)}
                {u.hasOverride && (
                  <a
                    href={`/admin/overrides?user=${u.id}`}
                    className="ml-2 rounded bg-accent-50 px-1 text-[10px] font-semibold text-accent-700 dark:bg-accent-500/15 dark:text-accent-100"
                  >
                    {t("overrides")}
                  </a>
                )}
              </td>
              <td data-label={t("columns.status")} className="px-4 py-2">
                <div className="flex items-center gap-2">
                  <Badge tone={u.disabled ? "amber" : "green"} testId="user-status">
                    {u.disabled ? t("disabled") : t("active")}
                  </Badge>
                  {u.id === currentUserId ? (
                    <span className="text-xs text-zinc-500">{t("you")}</span>
                  ) : u.disabled ? (
                    <button
                      type="button"
                      disabled={pending}
                      onClick={() => change(u, false)}
                      data-testid="enable-user"
                      className={ACTION}
                    >
                      {t("enable")}
                    </button>
                  ) : (
                    <>
                      <button
                        type="button"
                        disabled={pending}
                        onClick={() => setConfirming(u)}
                        data-testid="disable-user"
                        className={ACTION}
                      >
                        {t("disable")}
                      </button>
                      <button
                        type="button"
                        disabled={pending}
                        onClick={() => makeLink(u)}
                        aria-label={t("resetLinkFor", { email: u.email })}
                        data-testid="make-reset-link"
                        className={ACTION}
                      >
                        {t("resetLink")}
                      </button>
                    </>
                  )}
                </div>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
