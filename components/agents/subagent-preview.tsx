"use client";
import { useFormatter, useTranslations } from "next-intl";
import { useEffect, useRef, useState } from "react";
import type { TreeVerdict } from "@/lib/builder/draft-tree";
import type { WorstCase } from "@/lib/builder/worst-case";
import { formatCost } from "../chat/format";
import { PreviewTree } from "./preview-tree";
import type { FormState, PreviewAction } from "./types";

const DEBOUNCE_MS = 350;

/** The tree createRun would expand for the form as it is now (unsaved changes included). */
export function SubagentPreview({
  value,
  agentId,
  preview,
  unnamed,
}: {
  value: FormState;
  agentId?: string;
  preview: PreviewAction;
  /** What the tree calls an agent whose name is still empty ("This agent"). */
  unnamed: string;
}) {
  const t = useTranslations("builder.preview");
  const [result, setResult] = useState<TreeVerdict | null>(null);
  // "unavailable": the action could not be reached; otherwise the server's (translated) message.
  const [error, setError] = useState<{ unavailable: true } | { message: string } | null>(null);
  const [loading, setLoading] = useState(false);
  const seq = useRef(0);
  const key = JSON.stringify({
    name: value.name.trim() || unnamed,
    // The worst case prices the root's own model and output cap.
    provider: value.provider,
    model: value.model,
    parameters: { maxOutputTokens: value.parameters.maxOutputTokens },
    tools: value.tools,
    askTools: value.askTools,
    subagents: value.subagents,
  });

  useEffect(() => {
    const n = ++seq.current;
    setLoading(true);
    const timer = setTimeout(async () => {
      const res = await preview({ id: agentId, draft: JSON.parse(key) }).catch(() => null);
      if (n !== seq.current) return; // a newer edit is on its way
      setLoading(false);
      if (!res) setError({ unavailable: true });
      else if (!res.ok) setError({ message: res.error.message });
      else {
        setError(null);
        setResult(res.data.preview);
      }
    }, DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [key, agentId, preview]);

  return (
    <aside
      data-testid="preview"
      aria-busy={loading}
      className="min-w-0 space-y-3 rounded-lg border border-dashed border-zinc-300 bg-zinc-50 p-3 dark:border-zinc-700 dark:bg-zinc-950/40"
    >
      <div className="flex items-center justify-between gap-2">
        <h3 className="text-sm font-semibold">{t("title")}</h3>
        <span className="text-xs text-zinc-500" data-testid="preview-status">
          {loading
            ? t("updating")
            : result
              ? t("entries", { count: result.count, max: result.limits.maxSubagentRunConfigs })
              : null}
        </span>
      </div>
      <p className="text-xs text-zinc-500">
        {result ? t("introDepth", { depth: result.limits.maxSubagentDepth }) : t("intro")}
      </p>
      {error && (
        <p className="text-sm text-red-600 dark:text-red-400">
          {"message" in error ? error.message : t("unavailable")}
        </p>
      )}
      {result?.verdict && (
        <p
          role="alert"
          data-testid="preview-verdict"
          data-code={result.verdict.code}
          className="rounded-lg border border-red-300 bg-red-50 px-3 py-2 text-sm text-red-800 dark:border-red-900 dark:bg-red-950/40 dark:text-red-200"
        >
          <span className="block text-xs font-semibold">{t("refused")}</span>
          {result.verdict.message}
        </p>
      )}
      {result?.worstCase && <WorstCaseLine worstCase={result.worstCase} />}
      {result && (!result.verdict || result.nodes.length > 0) && (
        <PreviewTree
          root={result.root.name}
          rootTools={result.root.tools}
          rootAskTools={result.root.askTools}
          nodes={result.nodes}
        />
      )}
    </aside>
  );
}

/** "Worst case of one answer: $0.42 …", or which entries have no price (then there is no bound). */
function WorstCaseLine({ worstCase }: { worstCase: WorstCase }) {
  const t = useTranslations("builder.preview");
  const format = useFormatter();
  const { micros, calls, unpriced, currency } = worstCase;
  return (
    <div className="space-y-1 text-xs text-zinc-600 dark:text-zinc-400" data-testid="preview-worst-case">
      {micros !== null ? (
        <p>{t("worstCase", { cost: formatCost(format, currency, micros / 1_000_000), calls })}</p>
      ) : (
        <p className="text-amber-800 dark:text-amber-300" data-testid="preview-unpriced">
          {t("unpriced", { names: format.list(unpriced), count: unpriced.length })}
        </p>
      )}
    </div>
  );
}
