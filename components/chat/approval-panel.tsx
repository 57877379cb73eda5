"use client";
import { useTranslations } from "next-intl";
import { useState } from "react";
import type { ToolApproval } from "@/lib/agents/approval";
import type { ApiError } from "@/lib/chat/page-data";
import { type ApprovalBody, useDecide } from "./approval-context";

/** The tone of each decision (its words: chat.approval.decided.*). */
const DECIDED_TONE: Record<Exclude<ToolApproval["status"], "pending">, string> = {
  answered: "text-emerald-700 dark:text-emerald-400",
  approved: "text-emerald-700 dark:text-emerald-300",
  edited: "text-emerald-700 dark:text-emerald-300",
  denied: "text-red-700 dark:text-red-300",
  expired: "text-zinc-500",
};

/** How an edited argument text must look, shown in the refusal. */
const EXAMPLE_ARGS = '{"id": "…"}';

const button =
  "rounded-md px-2.5 py-1 text-xs font-medium focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-accent-600 disabled:opacity-50";

/** Parses the edited arguments: a JSON object, or what is wrong (the parser's own words for bad JSON). */
function parseArgs(
  text: string,
): { args: Record<string, unknown> } | { error: "notObject" } | { error: "invalidJson"; detail: string } {
  try {
    const value = JSON.parse(text) as unknown;
    if (!value || typeof value !== "object" || Array.isArray(value)) return { error: "notObject" };
    return { args: value as Record<string, unknown> };
  } catch (err) {
    return { error: "invalidJson", detail: (err as Error).message };
  }
}

/**
 * The approval of one tool call: while pending, Approve, Edit arguments (a JSON editor, checked
 * before sending) and Deny (with a reason); once decided, what was decided.
 */
export function ApprovalPanel({ approval, args }: { approval: ToolApproval; args: Record<string, unknown> }) {
  const decide = useDecide();
  const t = useTranslations("chat.approval");
  const [mode, setMode] = useState<"idle" | "edit" | "deny">("idle");
  const [text, setText] = useState(() => JSON.stringify(args, null, 2));
  const [reason, setReason] = useState("");
  const [sending, setSending] = useState(false);
  const [error, setError] = useState<string | null>(null);

  if (approval.status !== "pending") {
    // The person's reason or the run's own error as they were given; else how the answer ended.
    const why = approval.reason || (approval.expiredBy && t(`expiredBy.${approval.expiredBy}`));
    return (
      <div className="px-3 pb-2 text-xs" data-testid="approval" data-status={approval.status}>
        <span className={`font-medium ${DECIDED_TONE[approval.status]}`}>
          {t(`decided.${approval.status}`)}
        </span>
        {why && <span className="text-zinc-500"> — {why}</span>}
        {approval.status === "edited" && approval.args && (
          // Both: what the model asked for (not run) and what ran, so the result reads right.
          <div className="mt-1 grid gap-1 sm:grid-cols-2" data-testid="approval-edited-args">
            <div>
              <div className="text-zinc-500">{t("modelArgs")}</div>
              <pre
                className="max-h-40 overflow-auto whitespace-pre-wrap break-words font-mono text-zinc-500"
                data-testid="approval-model-args"
              >
                <del>{JSON.stringify(args, null, 2)}</del>
              </pre>
            </div>
            <div>
              <div className="text-zinc-500">{t("ranArgs")}</div>
              <pre
                className="max-h-40 overflow-auto whitespace-pre-wrap break-words font-mono text-zinc-700 dark:text-zinc-300"
                data-testid="approval-ran-args"
              >
                {JSON.stringify(approval.args, null, 2)}
              </pre>
            </div>
          </div>
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
    if ("detail" in parsed) setError(t("invalidJson", { error: parsed.detail }));
    else if ("error" in parsed) setError(t("notObject", { example: EXAMPLE_ARGS }));
    else void send({ decision: "edit", args: parsed.args });
  };

  return (
    <div
      className="space-y-2 border-t border-amber-200 bg-amber-50 px-3 py-2 text-xs dark:border-amber-900/60 dark:bg-amber-500/10"
      data-testid="approval"
      data-status="pending"
    >
      <p className="font-medium text-amber-800 dark:text-amber-200">{t("intro")}</p>
      {decide && mode === "idle" && (
        <div className="flex flex-wrap gap-2">
          <button
            type="button"
            disabled={sending}
            onClick={() => void send({ decision: "approve" })}
            className={`${button} bg-emerald-600 text-white hover:bg-emerald-700`}
            data-testid="approval-approve"
          >
            {t("approve")}
          </button>
          <button
            type="button"
            disabled={sending}
            onClick={() => setMode("edit")}
            className={`${button} border border-zinc-300 bg-white hover:bg-zinc-50 dark:border-zinc-700 dark:bg-zinc-900`}
            data-testid="approval-edit"
          >
            {t("edit")}
          </button>
          <button
            type="button"
            disabled={sending}
            onClick={() => setMode("deny")}
            className={`${button} border border-red-300 bg-white text-red-700 hover:bg-red-50 dark:border-red-900 dark:bg-zinc-900 dark:text-red-300`}
            data-testid="approval-deny"
          >
            {t("deny")}
          </button>
        </div>
      )}
      {mode === "edit" && (
        <div className="space-y-2">
          <label className="block space-y-1">
            <span className="text-zinc-600 dark:text-zinc-400">{t("argumentsLabel")}</span>
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
            label={t("runEdited")}
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
            <span className="text-zinc-600 dark:text-zinc-400">{t("reasonLabel")}</span>
            <input
              value={reason}
              onChange={(e) => setReason(e.target.value)}
              maxLength={1000}
              className="w-full rounded-md border border-zinc-300 bg-white p-1.5 text-xs dark:border-zinc-700 dark:bg-zinc-950"
              data-testid="approval-reason"
            />
          </label>
          <ConfirmRow
            label={t("confirmDeny")}
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
  const t = useTranslations("chat.approval");
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
        {t("cancel")}
      </button>
    </div>
  );
}
