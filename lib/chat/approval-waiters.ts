// Calls of this process's runs that wait for a human decision: the decision is handed straight to
// the waiting run when it is recorded here, relayed from another process, or found already made.
import "server-only";
import type { ApprovalDecision } from "@/lib/agents";
import { type ApprovalRow, decidedApprovals } from "@/lib/db/tool-approvals";

type Deliver = (d: ApprovalDecision) => void;
// On globalThis: one map per process, however many copies of this module Next.js's bundles hold.
const globalWaiters = globalThis as unknown as { __approvalWaiters?: Map<string, Deliver> };
globalWaiters.__approvalWaiters ??= new Map();
const waiters: Map<string, Deliver> = globalWaiters.__approvalWaiters;

/** Listens for the decision on one call (a later `deliver` hands it over once). */
export function waitForDecision(approvalId: string, deliver: Deliver): void {
  waiters.set(approvalId, deliver);
}

export function stopWaiting(approvalId: string): void {
  waiters.delete(approvalId);
}

function decisionOf(
  row: Pick<ApprovalRow, "status" | "editedArgs" | "reason" | "answer">,
): ApprovalDecision | undefined {
  if (row.status === "ANSWERED") return { decision: "answer", answer: row.answer ?? "" };
  if (row.status === "APPROVED") return { decision: "approve" };
  if (row.status === "EDITED") return { decision: "edit", args: row.editedArgs as Record<string, unknown> };
  if (row.status === "DENIED") return { decision: "deny", reason: row.reason ?? undefined };
  return undefined;
}

/** Hands a recorded decision to the run waiting for it here (false: none waits, or not decided). */
export function deliver(
  row: Pick<ApprovalRow, "id" | "status" | "editedArgs" | "reason" | "answer">,
): boolean {
  const decision = decisionOf(row);
  const to = waiters.get(row.id);
  if (!decision || !to) return false;
  waiters.delete(row.id);
  to(decision);
  return true;
}

/** A decision relayed from another process: handed to the run if it waits here. */
export async function deliverRelayedDecision(approvalId: string): Promise<void> {
  if (!waiters.has(approvalId)) return;
  const [row] = await decidedApprovals({ ids: [approvalId] }).catch(() => []);
  if (row) deliver(row);
}
