"use client";
import { useState, useTransition } from "react";
import { Badge } from "@/components/ui/badge";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import type { ActionResult } from "@/lib/action-result";

const ACTION =
  "rounded-md border border-zinc-300 px-2 py-1 text-xs font-medium hover:bg-zinc-100 disabled:opacity-60 dark:border-zinc-700 dark:hover:bg-zinc-800";

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
}: {
  users: UserRow[];
  currentUserId: string;
  setDisabled: (input: { userId: string; disabled: boolean }) => Promise<ActionResult>;
}) {
  const [pending, start] = useTransition();
  const [error, setError] = useState<string | null>(null);
  const [confirming, setConfirming] = useState<UserRow | null>(null);
  // The last disable, offered for undo until another change replaces it.
  const [undo, setUndo] = useState<UserRow | null>(null);

  const change = (u: UserRow, disabled: boolean) =>
    start(async () => {
      const res = await setDisabled({ userId: u.id, disabled });
      setError(res.ok ? null : res.error.message);
      setConfirming(null);
      setUndo(res.ok && disabled ? u : null);
    });

  return (
    <div className="overflow-x-auto rounded-xl border border-zinc-200 dark:border-zinc-800">
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
          <span>{undo.email} is disabled and signed out.</span>
          <button
            type="button"
            disabled={pending}
            onClick={() => change(undo, false)}
            data-testid="undo-disable"
            className="font-medium underline underline-offset-2"
          >
            Undo
          </button>
        </p>
      )}
      {confirming && (
        <ConfirmDialog
          title={`Disable ${confirming.name ?? confirming.email}?`}
          confirmLabel="Disable account"
          pendingLabel="Disabling…"
          pending={pending}
          onCancel={() => setConfirming(null)}
          onConfirm={() => change(confirming, true)}
          testId="disable-dialog"
        >
          <p>
            {confirming.email} will be signed out and can't sign in or chat until you enable the account
            again. Their agents and conversations are kept.
          </p>
        </ConfirmDialog>
      )}
      <table className="stack-table w-full text-left text-sm" data-testid="users-table">
        <thead className="bg-zinc-50 text-xs uppercase text-zinc-500 dark:bg-zinc-900">
          <tr>
            <th className="px-4 py-2 font-medium">User</th>
            <th className="px-4 py-2 font-medium">Role</th>
            <th className="px-4 py-2 font-medium">Joined</th>
            <th className="px-4 py-2 text-right font-medium">Balance</th>
            <th className="px-4 py-2 text-right font-medium">Tokens (30 d)</th>
            <th className="px-4 py-2 font-medium">Status</th>
          </tr>
        </thead>
        <tbody className="divide-y divide-zinc-200 dark:divide-zinc-800">
          {users.map((u) => (
            <tr key={u.id} data-testid={`user-row-${u.email}`}>
              <td data-label="User" className="px-4 py-2">
                <div className="font-medium">{u.name ?? "—"}</div>
                <div className="text-xs text-zinc-500">{u.email}</div>
              </td>
              <td data-label="Role" className="px-4 py-2">
                {u.role === "ADMIN" ? "Admin" : "User"}
              </td>
              <td data-label="Joined" className="px-4 py-2 text-zinc-500">
                {new Date(u.createdAt).toLocaleDateString()}
              </td>
              <td
                data-label="Balance"
                className="px-4 py-2 text-right tabular-nums"
                data-testid="user-balance"
              >
                {u.balance === null || u.balance === undefined ? "—" : u.balance.toLocaleString("en-US")}
              </td>
              <td data-label="Tokens (30 d)" className="px-4 py-2 text-right tabular-nums">
                {(u.tokens30d ?? 0).toLocaleString("en-US")}
                {u.hasOverride && (
                  <a
                    href={`/admin/overrides?user=${u.id}`}
                    className="ml-2 rounded bg-accent-50 px-1 text-[10px] font-semibold text-accent-700 dark:bg-accent-500/15 dark:text-accent-100"
                  >
                    OVERRIDES
                  </a>
                )}
              </td>
              <td data-label="Status" className="px-4 py-2">
                <div className="flex items-center gap-2">
                  <Badge tone={u.disabled ? "amber" : "green"} testId="user-status">
                    {u.disabled ? "Disabled" : "Active"}
                  </Badge>
                  {u.id === currentUserId ? (
                    <span className="text-xs text-zinc-500">You</span>
                  ) : u.disabled ? (
                    <button
                      type="button"
                      disabled={pending}
                      onClick={() => change(u, false)}
                      data-testid="enable-user"
                      className={ACTION}
                    >
                      Enable
                    </button>
                  ) : (
                    <button
                      type="button"
                      disabled={pending}
                      onClick={() => setConfirming(u)}
                      data-testid="disable-user"
                      className={ACTION}
                    >
                      Disable…
                    </button>
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
