"use client";
import { useState, useTransition } from "react";
import type { ActionResult } from "@/lib/action-result";

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
      <table className="w-full text-left text-sm" data-testid="users-table">
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
              <td className="px-4 py-2">
                <div className="font-medium">{u.name ?? "—"}</div>
                <div className="text-xs text-zinc-500">{u.email}</div>
              </td>
              <td className="px-4 py-2">{u.role === "ADMIN" ? "Admin" : "User"}</td>
              <td className="px-4 py-2 text-zinc-500">{new Date(u.createdAt).toLocaleDateString()}</td>
              <td className="px-4 py-2 text-right tabular-nums" data-testid="user-balance">
                {u.balance === null || u.balance === undefined ? "—" : u.balance.toLocaleString("en-US")}
              </td>
              <td className="px-4 py-2 text-right tabular-nums">
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
              <td className="px-4 py-2">
                {u.id === currentUserId ? (
                  <span className="text-zinc-500">You</span>
                ) : (
                  <button
                    type="button"
                    disabled={pending}
                    onClick={() =>
                      start(async () => {
                        const res = await setDisabled({ userId: u.id, disabled: !u.disabled });
                        setError(res.ok ? null : res.error.message);
                      })
                    }
                    className={`rounded-md px-2 py-1 text-xs font-medium ${u.disabled ? "bg-red-100 text-red-800 dark:bg-red-900/40 dark:text-red-200" : "bg-emerald-100 text-emerald-800 dark:bg-emerald-900/40 dark:text-emerald-200"}`}
                  >
                    {u.disabled ? "Disabled · enable" : "Active · disable"}
                  </button>
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
