"use client";
import { useState } from "react";
import type { ToolApproval } from "@/lib/agents/approval";
import type { ApiError } from "@/lib/chat/page-data";
import { type ApprovalBody, useDecide } from "./approval-context";

const DECIDED: Record<Exclude<ToolApproval["status"], "pending">, { label: string; tone: string }> = {
  approved: { label: "Approved", tone: "text-emerald-700 dark:text-emerald-300" },
  edited: { label: "Approved with edited arguments", tone: "text-emerald-700 dark:text-emerald-300" },
  denied: { label: "Denied", tone: "text-red-700 dark:text-red-300" },
  expired: { label: "Not decided", tone: "text-zinc-500" },
};

const button =
  "rounded-md px-2.5 py-1 text-xs font-medium focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-accent-600 disabled:opacity-50";

/** Parses the edited arguments: a JSON object, or a sentence saying what is wrong. */
function parseArgs(text: string): { args: Record<string, unknown> } | { error: string } {
  try {
    const value = JSON.parse(text) as unknown;
    if (!value || typeof value !== "object" || Array.isArray(value))
      return { error: 'The arguments must be a JSON object, like {"id": "…"}.' };
    return { args: value as Record<string, unknown> };
  } catch (err) {
    return { error: `Not valid JSON: ${(err as Error).message}` };
  }
}

/**
 * The approval of one tool call: while pending, Approve, Edit arguments (a JSON editor, checked
 * before sending) and Deny (with a reason); once decided, what was decided.
 */
export function ApprovalPanel({ approval, args }: { approval: ToolApproval; args: Record<string, unknown> }) {
  const decide = useDecide();
  const [mode, setMode] = useState<"idle" | "edit" | "deny">("idle");
  const [text, setText] = useState(() => JSON.stringify(args, null, 2));
  const [reason, setReason] = useState("");
  const [sending, setSending] = useState(false);
  const [error, setError] = useState<string | null>(null);

  if (approval.status !== "pending") {
    const d = DECIDED[approval.status];
    return (
      <div className="px-3 pb-2 text-xs" data-testid="approval" data-status={approval.status}>
        <span className={`font-medium ${d.tone}`}>{d.label}</span>
        {approval.reason && <span className="text-zinc-500"> — {approval.reason}</span>}
        {approval.status === "edited" && approval.args && (
          <pre className="mt-1 max-h-40 overflow-auto whitespace-pre-wrap break-words font-mono text-zinc-600 dark:text-zinc-400">
            {JSON.stringify(approval.args, null, 2)}
          </pre>
        )}
      </div>
    );
  }

  const send = async (body: ApprovalBody) => {
    if (!decide) return;
    setSending(true);
    setError(null);
    const refused: ApiError | null = await decide(approval.id, body);
    setSending(false);
    if (refused) setError(refused.message);
  };
  const submitEdit = () => {
    const parsed = parseArgs(text);
    if ("error" in parsed) setError(parsed.error);
    else void send({ decision: "edit", args: parsed.args });
  };

  return (
    <div
      className="space-y-2 border-t border-amber-200 bg-amber-50 px-3 py-2 text-xs dark:border-amber-900/60 dark:bg-amber-500/10"
      data-testid="approval"
      data-status="pending"
    >
      <p className="font-medium text-amber-800 dark:text-amber-200">
        This tool asks before running. Approve, edit its arguments, or deny it.
      </p>
      {decide && mode === "idle" && (
        <div className="flex flex-wrap gap-2">
          <button
            type="button"
            disabled={sending}
            onClick={() => void send({ decision: "approve" })}
            className={`${button} bg-emerald-600 text-white hover:bg-emerald-700`}
            data-testid="approval-approve"
          >
            Approve
          </button>
          <button
            type="button"
            disabled={sending}
            onClick={() => setMode("edit")}
            className={`${button} border border-zinc-300 bg-white hover:bg-zinc-50 dark:border-zinc-700 dark:bg-zinc-900`}
            data-testid="approval-edit"
          >
            Edit arguments
          </button>
          <button
            type="button"
            disabled={sending}
            onClick={() => setMode("deny")}
            className={`${button} border border-red-300 bg-white text-red-700 hover:bg-red-50 dark:border-red-900 dark:bg-zinc-900 dark:text-red-300`}
            data-testid="approval-deny"
          >
            Deny
          </button>
        </div>
      )}
      {mode === "edit" && (
        <div className="space-y-2">
          <label className="block space-y-1">
            <span className="text-zinc-600 dark:text-zinc-400">Arguments (JSON)</span>
            <textarea
              value={text}
              onChange={(e) => setText(e.target.value)}
              rows={Math.min(12, text.split("\n").length + 1)}
              spellCheck={false}
              className="w-full rounded-md border border-zinc-300 bg-white p-2 font-mono text-xs dark:border-zinc-700 dark:bg-zinc-950"
              data-testid="approval-args"
            />
          </label>
          <ConfirmRow
            label="Run with these arguments"
            tone="bg-emerald-600 text-white hover:bg-emerald-700"
            testId="approval-run-edited"
            disabled={sending}
            onConfirm={submitEdit}
            onCancel={() => setMode("idle")}
          />
        </div>
      )}
      {mode === "deny" && (
        <div className="space-y-2">
          <label className="block space-y-1">
            <span className="text-zinc-600 dark:text-zinc-400">Reason (the model is told)</span>
            <input
              value={reason}
              onChange={(e) => setReason(e.target.value)}
              maxLength={1000}
              className="w-full rounded-md border border-zinc-300 bg-white p-1.5 text-xs dark:border-zinc-700 dark:bg-zinc-950"
              data-testid="approval-reason"
            />
          </label>
          <ConfirmRow
            label="Deny the call"
            tone="bg-red-600 text-white hover:bg-red-700"
            testId="approval-confirm-deny"
            disabled={sending}
            onConfirm={() => void send({ decision: "deny", reason: reason.trim() || undefined })}
            onCancel={() => setMode("idle")}
          />
        </div>
      )}
      {error && (
        <p role="alert" className="text-red-700 dark:text-red-300" data-testid="approval-error">
          {error}
        </p>
      )}
    </div>
  );
}

/** The confirm and cancel buttons under the argument editor and the deny reason. */
function ConfirmRow({
  label,
  tone,
  testId,
  disabled,
  onConfirm,
  onCancel,
}: {
  label: string;
  tone: string;
  testId: string;
  disabled: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  return (
    <div className="flex gap-2">
      <button
        type="button"
        disabled={disabled}
        onClick={onConfirm}
        className={`${button} ${tone}`}
        data-testid={testId}
      >
        {label}
      </button>
      <button type="button" onClick={onCancel} className={`${button} text-zinc-600`}>
        Cancel
      </button>
    </div>
  );
}
