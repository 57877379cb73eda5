// An admin's hand on a user's balance: grant (or take) tokens, or set an exact value. Both go
// through the locked balance, write a ledger entry and an audit entry.
import "server-only";
import { type Actor, recordAdminAction } from "@/lib/audit/record";
import {
  dbNow,
  inBalanceTransaction,
  insertBalanceEntry,
  readTargetEmail,
  updateBalanceRow,
} from "@/lib/db/quota-balance";
import { AppError, text } from "@/lib/errors";
import { lockBalance } from "./balance";
import { getEffectiveQuota } from "./settings";

const LARGEST_BALANCE = 2_000_000_000;

/** Admin: adds (or with a negative amount, removes) tokens; ledger GRANT + audit entry. */
export async function grantBalance({
  userId,
  amount,
  actor,
}: {
  userId: string;
  amount: number;
  actor: Actor;
}) {
  return adjustBalance({ userId, actor, kind: "GRANT", next: (b) => b + amount, amount });
}

/** Admin: sets the balance to an exact value; ledger SET (with the difference) + audit entry. */
export async function setBalance({
  userId,
  balance,
  actor,
}: {
  userId: string;
  balance: number;
  actor: Actor;
}) {
  return adjustBalance({ userId, actor, kind: "SET", next: () => balance });
}

async function adjustBalance({
  userId,
  actor,
  kind,
  next,
  amount,
}: {
  userId: string;
  actor: Actor;
  kind: "GRANT" | "SET";
  next: (balance: number) => number;
  amount?: number;
}): Promise<{ before: number; balance: number; email: string }> {
  return inBalanceTransaction(async (tx) => {
    const email = await readTargetEmail({ tx, userId });
    if (!email) throw new AppError("not_found:user");
    const quota = await getEffectiveQuota({ userId, tx });
    const locked = await lockBalance({ tx, userId, quota, now: await dbNow(tx) });
    const balance = next(locked.balance);
    if (Math.abs(balance) > LARGEST_BALANCE) {
      throw new AppError("bad_request:balance", { fields: { amount: text("bad_request.balance") } });
    }
    await updateBalanceRow({ tx, userId, balance });
    await insertBalanceEntry({
      tx,
      entry: {
        userId,
        kind,
        amount: balance - locked.balance,
        balanceAfter: balance,
        actorId: actor.id,
        note: kind === "GRANT" ? `Granted ${amount} by ${actor.email}` : `Set by ${actor.email}`,
      },
    });
    await recordAdminAction({
      tx,
      actor,
      kind: "balance",
      targetUser: { id: userId, email },
      changes: [
        {
          key: kind === "GRANT" ? "balance:grant" : "balance:set",
          from: String(locked.balance),
          to: String(balance),
        },
      ],
    });
    return { before: locked.balance, balance, email };
  });
}
