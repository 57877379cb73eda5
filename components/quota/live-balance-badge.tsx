"use client";
import { useEffect, useState } from "react";
import { balanceAfterCall } from "@/lib/quota/balance-rule";
import { BalanceBadge } from "./balance-badge";
import { BALANCE_SPENT, type BalanceSpent } from "./balance-events";

/**
 * The balance badge, kept current from the usage events of answers streamed in this tab (the same
 * charging rule as the server). `readAt` is when the server read the balance: usage from before it
 * (a reattached run replays its events from the start) is already in `balance`.
 */
export function LiveBalanceBadge({
  readAt,
  ...props
}: Parameters<typeof BalanceBadge>[0] & { readAt: number }) {
  const [balance, setBalance] = useState(props.balance);
  useEffect(() => setBalance(props.balance), [props.balance]);
  useEffect(() => {
    const onSpent = (e: Event) => {
      const { tokens, ts } = (e as CustomEvent<BalanceSpent>).detail;
      if (ts > readAt) setBalance((b) => balanceAfterCall(b, tokens));
    };
    window.addEventListener(BALANCE_SPENT, onSpent);
    return () => window.removeEventListener(BALANCE_SPENT, onSpent);
  }, [readAt]);
  return <BalanceBadge {...props} balance={balance} />;
}
