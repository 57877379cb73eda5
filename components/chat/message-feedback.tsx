"use client";
import { ThumbsDown, ThumbsUp } from "lucide-react";
import { useTranslations } from "next-intl";
import { useId, useState } from "react";
import type { ChatMessage } from "@/lib/chat/page-data";

type Feedback = NonNullable<ChatMessage["feedback"]>;

const ACTION =
  "whitespace-nowrap hover:text-zinc-900 disabled:cursor-not-allowed disabled:opacity-50 dark:hover:text-zinc-100";
const PRESSED = "text-accent-700 dark:text-accent-300";

/**
 * Thumbs up / down on a finished answer, with an optional comment. Pressing the chosen thumb again
 * removes it; the comment can be written, changed or cleared after choosing.
 */
export function MessageFeedback({ messageId, initial }: { messageId: string; initial?: Feedback }) {
  const t = useTranslations("chat.feedback");
  const [feedback, setFeedback] = useState<Feedback | null>(initial ?? null);
  const [editing, setEditing] = useState(false);
  const [draft, setDraft] = useState(initial?.comment ?? "");
  const [saving, setSaving] = useState(false);
  const [failed, setFailed] = useState<string | null>(null);
  const commentId = useId();

  const send = async (next: Feedback | null): Promise<boolean> => {
    setSaving(true);
    setFailed(null);
    const res = await fetch(`/api/messages/${messageId}/feedback`, {
      method: next ? "PUT" : "DELETE",
      headers: next ? { "Content-Type": "application/json" } : undefined,
      body: next ? JSON.stringify(next) : undefined,
    }).catch(() => null);
    const body = res
      ? ((await res.json().catch(() => null)) as (Feedback & { message?: string }) | null)
      : null;
    setSaving(false);
    if (!res?.ok) {
      setFailed(body?.message ?? t("failed"));
      return false;
    }
    setFeedback(next && body ? { rating: body.rating, comment: body.comment } : null);
    return true;
  };

  const rate = async (rating: Feedback["rating"]) => {
    if (feedback?.rating === rating) {
      if (await send(null)) {
        setEditing(false);
        setDraft("");
      }
      return;
    }
    // A new rating keeps the comment already written; the comment box opens to add one.
    if (await send({ rating, comment: feedback?.comment ?? null })) setEditing(true);
  };

  const thumb = (rating: Feedback["rating"]) => {
    const pressed = feedback?.rating === rating;
    const Icon = rating === "up" ? ThumbsUp : ThumbsDown;
    return (
      <button
        type="button"
        data-testid={`feedback-${rating}`}
        aria-pressed={pressed}
        title={pressed ? t("remove") : t(rating)}
        aria-label={t(rating)}
        disabled={saving}
        className={`${ACTION} ${pressed ? PRESSED : ""}`}
        onClick={() => void rate(rating)}
      >
        <Icon
          className="inline size-3.5 align-[-2px]"
          aria-hidden="true"
          fill={pressed ? "currentColor" : "none"}
        />
      </button>
    );
  };

  return (
    <>
      <span className="inline-flex items-center gap-2">
        {thumb("up")}
        {thumb("down")}
      </span>
      {feedback && !editing && (
        <button
          type="button"
          data-testid="feedback-comment-edit"
          className={ACTION}
          onClick={() => {
            setDraft(feedback.comment ?? "");
            setEditing(true);
          }}
        >
          {feedback.comment ? t("editComment") : t("addComment")}
        </button>
      )}
      {feedback && editing && (
        <form
          className="flex basis-full flex-wrap items-start gap-2"
          onSubmit={(e) => {
            e.preventDefault();
            void send({ rating: feedback.rating, comment: draft }).then((ok) => ok && setEditing(false));
          }}
        >
          <label htmlFor={commentId} className="sr-only">
            {t("commentLabel")}
          </label>
          <textarea
            id={commentId}
            data-testid="feedback-comment"
            value={draft}
            maxLength={2000}
            rows={2}
            placeholder={feedback.rating === "up" ? t("placeholderUp") : t("placeholderDown")}
            onChange={(e) => setDraft(e.target.value)}
            className="min-w-0 flex-1 rounded-md border border-zinc-300 bg-white px-2 py-1 text-sm text-zinc-900 dark:border-zinc-700 dark:bg-zinc-900 dark:text-zinc-100"
          />
          <button
            type="submit"
            data-testid="feedback-comment-save"
            disabled={saving}
            className="rounded-md bg-accent-600 px-2 py-1 text-xs font-medium text-white hover:bg-accent-700 disabled:opacity-50"
          >
            {t("save")}
          </button>
          <button
            type="button"
            className="rounded-md px-2 py-1 text-xs hover:bg-zinc-100 dark:hover:bg-zinc-800"
            onClick={() => setEditing(false)}
          >
            {t("cancel")}
          </button>
        </form>
      )}
      {feedback && !editing && feedback.comment && (
        <span data-testid="feedback-comment-text" className="basis-full truncate italic">
          {t("yourComment", { comment: feedback.comment })}
        </span>
      )}
      <span aria-live="polite" className="sr-only">
        {feedback ? t(feedback.rating === "up" ? "savedUp" : "savedDown") : ""}
      </span>
      {failed && (
        <span role="alert" className="text-red-700 dark:text-red-300">
          {failed}
        </span>
      )}
    </>
  );
}
