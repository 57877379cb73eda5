import { ThumbsDown, ThumbsUp } from "lucide-react";
import { useFormatter, useTranslations } from "next-intl";
import type { FeedbackReport } from "@/lib/feedback/report";

/** Admin → Usage: users' thumbs up/down per agent in the period, and their newest comments. */
export function FeedbackSection({ report }: { report: FeedbackReport }) {
  const t = useTranslations("usage.feedback");
  const format = useFormatter();
  const cell = "px-3 py-2 text-right tabular-nums";
  return (
    <section className="space-y-2" aria-labelledby="feedback-heading">
      <h2 id="feedback-heading" className="text-lg font-medium">
        {t("title")}
      </h2>
      {report.byAgent.length === 0 ? (
        <p className="text-sm text-zinc-600 dark:text-zinc-400">{t("empty")}</p>
      ) : (
        <div className="overflow-x-auto rounded-xl border border-zinc-200 dark:border-zinc-800">
          <table className="w-full text-left text-sm" data-testid="feedback-by-agent">
            <thead className="bg-zinc-50 text-xs uppercase text-zinc-600 dark:bg-zinc-900 dark:text-zinc-400">
              <tr>
                <th className="px-3 py-2 font-medium">{t("agent")}</th>
                <th className="px-3 py-2 text-right font-medium">{t("up")}</th>
                <th className="px-3 py-2 text-right font-medium">{t("down")}</th>
              </tr>
            </thead>
            <tbody className="divide-y divide-zinc-200 dark:divide-zinc-800">
              {report.byAgent.map((a) => (
                <tr key={a.agentId} data-testid="feedback-agent-row">
                  <td className="px-3 py-2">{a.name ?? t("agentGone")}</td>
                  <td className={cell} data-testid="feedback-up-count">
                    {format.number(a.up)}
                  </td>
                  <td className={cell} data-testid="feedback-down-count">
                    {format.number(a.down)}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {report.comments.length > 0 && (
        <>
          <h3 className="pt-2 text-base font-medium">{t("comments")}</h3>
          <ul className="space-y-2" data-testid="feedback-comments">
            {report.comments.map((c) => (
              <li
                key={c.id}
                className="rounded-lg border border-zinc-200 px-3 py-2 text-sm dark:border-zinc-800"
                data-testid="feedback-comment-item"
              >
                <p className="flex flex-wrap items-center gap-x-2 text-xs text-zinc-600 dark:text-zinc-400">
                  {c.rating === "up" ? (
                    <ThumbsUp className="size-3.5" aria-label={t("up")} role="img" />
                  ) : (
                    <ThumbsDown className="size-3.5" aria-label={t("down")} role="img" />
                  )}
                  <span>{c.agentName ?? t("agentGone")}</span>
                  <span>·</span>
                  <span>{c.user ?? t("userGone")}</span>
                  <span>·</span>
                  <time dateTime={c.updatedAt.toISOString()}>
                    {format.dateTime(c.updatedAt, { dateStyle: "medium", timeStyle: "short" })}
                  </time>
                </p>
                <p className="mt-1 whitespace-pre-wrap break-words">{c.comment}</p>
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}
