import { useTranslations } from "next-intl";
import type { PreviewNode } from "@/lib/builder/preview";

/**
 * The expanded subagent tree: one line per entry with its depth and its tools; skipped cycles shown
 * as such, and entries past the depth limit marked where they would run.
 */
export function PreviewTree({
  root,
  rootTools,
  rootAskTools = [],
  nodes,
}: {
  root: string;
  rootTools: string[];
  rootAskTools?: string[];
  nodes: PreviewNode[];
}) {
  const t = useTranslations("builder.preview");
  return (
    <div className="text-sm" data-testid="preview-tree">
      <div className="flex items-center gap-2 font-medium" data-testid="preview-root">
        <Depth depth={0} />
        {root}
      </div>
      <Tools tools={rootTools} asks={rootAskTools} indent />
      {nodes.length === 0 ? (
        <p className="mt-1 pl-8 text-xs text-zinc-500" data-testid="preview-empty">
          {t("empty")}
        </p>
      ) : (
        <Branch nodes={nodes} />
      )}
    </div>
  );
}

function Branch({ nodes }: { nodes: PreviewNode[] }) {
  return (
    <ul className="ml-2.5 border-l border-zinc-300 pl-3 dark:border-zinc-700">
      {nodes.map((n, i) => (
        <li key={`${n.kind}-${n.agentId}-${i}`} className="pt-1.5">
          <Entry node={n} />
          {n.kind !== "cycle" && n.kind !== "too_deep" && <Tools tools={n.tools} asks={n.askTools} indent />}
          {n.children.length > 0 && <Branch nodes={n.children} />}
        </li>
      ))}
    </ul>
  );
}

function Entry({ node }: { node: PreviewNode }) {
  const t = useTranslations("builder");
  const { name } = node;
  const text =
    node.kind === "self"
      ? t("preview.self", { name })
      : node.kind === "cycle"
        ? t("preview.cycle", { name, path: (node.cycle ?? []).join("→") })
        : node.kind === "too_deep"
          ? node.self
            ? t("preview.tooDeepSelf", { name })
            : t("preview.tooDeep", { name })
          : name;
  const tone =
    node.kind === "cycle"
      ? "text-zinc-500 italic dark:text-zinc-400"
      : node.kind === "too_deep"
        ? "rounded bg-red-50 font-medium text-red-700 ring-1 ring-red-300 dark:bg-red-950/40 dark:text-red-300 dark:ring-red-900"
        : "";
  return (
    <div
      data-testid="preview-entry"
      data-kind={node.kind}
      data-depth={node.depth}
      className={`flex items-start gap-2 ${tone}`}
    >
      <Depth depth={node.depth} />
      <span data-testid="preview-entry-label" className="min-w-0 break-words">
        {text}
      </span>
      {node.mode && (
        <span className="mt-0.5 shrink-0 rounded bg-zinc-200 px-1.5 text-[10px] not-italic uppercase text-zinc-600 dark:bg-zinc-800 dark:text-zinc-300">
          {t(`mode.${node.mode}`)}
        </span>
      )}
    </div>
  );
}

/** `notes__save_note` → `notes: save_note` (MCP tools are `<server>__<tool>`). */
const toolLabel = (name: string) => name.replace("__", ": ");

function Tools({ tools, asks, indent }: { tools: string[]; asks: string[]; indent?: boolean }) {
  const t = useTranslations("builder.preview");
  return (
    <div
      data-testid="preview-tools"
      className={`mt-0.5 flex flex-wrap gap-1 text-[11px] text-zinc-500 ${indent ? "pl-9" : ""}`}
    >
      {tools.length === 0 ? (
        <span className="italic">{t("noTools")}</span>
      ) : (
        tools.map((tool) => (
          <span
            key={tool}
            data-testid="preview-tool"
            data-asks={asks.includes(tool) ? "true" : undefined}
            title={asks.includes(tool) ? t("asksTitle") : undefined}
            className="rounded border border-zinc-200 px-1 font-mono dark:border-zinc-700"
          >
            {toolLabel(tool)}
            {asks.includes(tool) && (
              <span className="ml-1 font-sans text-amber-700 dark:text-amber-400">{t("asks")}</span>
            )}
          </span>
        ))
      )}
    </div>
  );
}

function Depth({ depth }: { depth: number }) {
  const t = useTranslations("builder.preview");
  return (
    <span
      title={t("depthTitle", { depth })}
      className="inline-flex h-5 min-w-7 shrink-0 items-center justify-center rounded bg-accent-50 px-1 font-mono text-[10px] text-accent-700 dark:bg-accent-500/15 dark:text-accent-100"
    >
      {t("depthBadge", { depth })}
    </span>
  );
}
