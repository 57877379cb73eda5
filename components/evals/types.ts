import type { ActionResult } from "@/lib/action-result";
import type { getEvalRun } from "@/lib/evals/service";

/** An eval run as GET /api/evals/:id answers it (dates as strings). */
export type EvalRunJson = Omit<Awaited<ReturnType<typeof getEvalRun>>, "createdAt"> & { createdAt: string };

export interface EvalRunSummaryRow {
  id: string;
  versions: number[];
  status: "RUNNING" | "COMPLETED" | "CANCELLED";
  done: number;
  total: number;
  createdAt: string;
}

export type SaveCasesAction = (input: {
  agentId: string;
  jsonl: string;
}) => Promise<ActionResult<{ count: number }>>;
export type StartEvalAction = (input: {
  agentId: string;
  versions: number[];
}) => Promise<ActionResult<{ id: string }>>;
export type CancelEvalAction = (input: { evalRunId: string }) => Promise<ActionResult>;
