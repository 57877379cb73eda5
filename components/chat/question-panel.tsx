"use client";
import { useTranslations } from "next-intl";
import { useId, useState } from "react";
import type { ToolApproval } from "@/lib/agents/approval";
import type { MessageTree, ToolCallNode, TraceNode } from "@/lib/agents/trace";
import type { ApiError } from "@/lib/chat/page-data";
import { useDecide } from "./approval-context";

const button =
  "rounded-md px-2.5 py-1 text-xs font-medium focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-accent-600 disabled:opacity-50";

/** The `ask_user` calls of a tree that wait for the user's answer, at any depth. */
export function pendingQuestions(tree: MessageTree | null | undefined): ToolCallNode[] {
  const out: ToolCallNode[] = [];
  const walk = (content: TraceNode[]) => {
    for (const n of content) {
      if (n.type === "tool_call" && n.name === "ask_user" && n.approval?.status === "pending") out.push(n);
      if (n.type === "subagent") walk(n.content);
    }
  };
  if (tree) walk(tree.content);
  return out;
}

/**
 * A question an agent asks the user (`ask_user`): its choices as buttons and a free-text answer.
 * The answer goes through the approval path (POST /api/chat/approvals/:id) and resumes the run.
 */
export function QuestionPanel({ approval, args }: { approval: ToolApproval; args: Record<string, unknown> }) {
  const t = useTranslations("chat.question");
  const decide = useDecide();
  const [text, setText] = useState("");
  const [sending, setSending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const inputId = useId();
  const question = String(args.question ?? "");
  const choices = Array.isArray(args.choices) ? args.choices.map(String) : [];

  if (approval.status !== "pending") {
    const why = approval.reason || (approval.expiredBy && t(`expiredBy.${approval.expiredBy}`));
    return (
      <div className="px-3 pb-2 text-xs" data-testid="question" data-status={approval.status}>
        <p className="text-zinc-600 dark:text-zinc-400">{question}</p>
        <p>
          <span className="font-medium">
            {t(`decided.${approval.status === "answered" ? "answered" : "other"}`)}
          </span>
          {approval.answer !== undefined && <span data-testid="question-answer"> {approval.answer}</span>}
          {approval.status !== "answered" && why ? ` — ${why}` : null}
        </p>
      </div>
    );
  }

  const send = async (answer: string) => {
    if (!decide || !answer.trim()) return;
    setSending(true);
    setError(null);
    const refused: ApiError | null = await decide(approval.id, { decision: "answer", answer: answer.trim() });
    setSending(false);
    if (refused) setError(refused.message);
  };

  return (
    <div
      className="space-y-2 border-t border-sky-200 bg-sky-50 px-3 py-2 text-xs dark:border-sky-900/60 dark:bg-sky-500/10"
      data-testid="question"
      data-status="pending"
    >
      <p className="font-medium text-sky-900 dark:text-sky-100" data-testid="question-text">
        {question}
      </p>
      {decide && (
        <>
          {choices.length > 0 && (
            <fieldset className="flex flex-wrap gap-2">
              <legend className="sr-only">{t("choices")}</legend>
              {choices.map((c) => (
                <button
                  key={c}
                  type="button"
                  disabled={sending}
                  onClick={() => void send(c)}
                  className={`${button} border border-sky-300 bg-white text-sky-900 hover:bg-sky-100 dark:border-sky-800 dark:bg-zinc-900 dark:text-sky-100`}
                  data-testid="question-choice"
                >
                  {c}
                </button>
              ))}
            </fieldset>
          )}
          <form
            className="flex gap-2"
            onSubmit={(e) => {
              e.preventDefault();
              void send(text);
            }}
          >
            <label htmlFor={inputId} className="sr-only">
              {t("answerLabel")}
            </label>
            <input
              id={inputId}
              value={text}
              onChange={(e) => setText(e.target.value)}
              maxLength={4000}
              placeholder={t("answerPlaceholder")}
              className="min-w-0 flex-1 rounded-md border border-zinc-300 bg-white p-1.5 text-xs dark:border-zinc-700 dark:bg-zinc-950"
              data-testid="question-input"
            />
            <button
              type="submit"
              disabled={sending || !text.trim()}
              className={`${button} bg-accent-600 text-white hover:bg-accent-700`}
              data-testid="question-send"
            >
              {t("send")}
            </button>
          </form>
        </>
      )}
      {error && (
        <p role="alert" className="text-red-700 dark:text-red-300" data-testid="question-error">
          {error}
        </p>
      )}
    </div>
  );
}
