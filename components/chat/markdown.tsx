"use client";
import type { Root } from "hast";
import { toJsxRuntime } from "hast-util-to-jsx-runtime";
import { useTranslations } from "next-intl";
import { createContext, memo, type ReactNode, useContext, useEffect, useRef, useState } from "react";
import { Fragment, jsx, jsxs } from "react/jsx-runtime";
import ReactMarkdown, { type Components } from "react-markdown";
import remarkGfm from "remark-gfm";
import { highlightCode } from "./highlight";
import { blockSplitter, isClosedFence } from "./markdown-blocks";

function CopyButton({ text }: { text: string }) {
  const t = useTranslations("chat.markdown");
  const [copied, setCopied] = useState(false);
  return (
    <button
      type="button"
      data-testid="copy-code"
      onClick={async () => {
        await navigator.clipboard?.writeText(text).catch(() => {});
        setCopied(true);
        setTimeout(() => setCopied(false), 1500);
      }}
      className="rounded px-2 py-0.5 text-xs text-zinc-400 hover:bg-zinc-700 hover:text-zinc-100"
    >
      {copied ? t("copied") : t("copy")}
    </button>
  );
}

function textOf(node: unknown): string {
  if (typeof node === "string") return node;
  if (Array.isArray(node)) return node.map(textOf).join("");
  if (node && typeof node === "object" && "props" in node)
    return textOf((node as { props: { children?: unknown } }).props.children);
  return "";
}

interface MdNode {
  type: string;
  value?: string;
  children?: MdNode[];
}

/**
 * Remark plugin: inside a blockquote every line break is kept (a poem or a quoted message keeps its
 * lines), as an explicit break instead of markdown's joining soft break.
 */
function remarkQuoteBreaks() {
  const walk = (node: MdNode, quoted: boolean) => {
    if (!node.children) return;
    const inQuote = quoted || node.type === "blockquote";
    node.children = node.children.flatMap((child): MdNode[] => {
      if (inQuote && child.type === "text" && child.value?.includes("\n"))
        return child.value
          .split("\n")
          .flatMap((value, i) =>
            i ? [{ type: "break" }, { type: "text", value }] : [{ type: "text", value }],
          );
      walk(child, inQuote);
      return [child];
    });
  };
  return (tree: MdNode) => walk(tree, false);
}

const remarkPlugins = [remarkGfm, remarkQuoteBreaks];

/** Whether the block being rendered can still change (then its code is not highlighted yet). */
const BlockFinal = createContext(true);

/** Highlighted code once the grammar has loaded; null meanwhile, for unknown languages and open blocks. */
function useHighlighted(code: string, lang: string | undefined, final: boolean): ReactNode | null {
  const [html, setHtml] = useState<{ code: string; html: ReactNode } | null>(null);
  useEffect(() => {
    if (!final) return;
    let live = true;
    highlightCode(code, lang)
      .then((out) => {
        if (live && out !== null) setHtml({ code, html: render(out) });
      })
      .catch(() => {});
    return () => {
      live = false;
    };
  }, [code, lang, final]);
  return html?.code === code ? html.html : null;
}

const render = (tree: Root): ReactNode => toJsxRuntime(tree, { Fragment, jsx, jsxs });

function CodeBlock({ children }: { children: ReactNode }) {
  const code = textOf(children).replace(/\n$/, "");
  const lang = /language-([\w+#-]+)/.exec(
    String((children as { props?: { className?: string } })?.props?.className ?? ""),
  )?.[1];
  const html = useHighlighted(code, lang, useContext(BlockFinal));
  const t = useTranslations("chat.markdown");
  return (
    <div className="group my-3 overflow-hidden rounded-lg border border-zinc-800 bg-zinc-950 text-zinc-100">
      <div className="flex items-center justify-between border-b border-zinc-800 px-3 py-1 text-xs text-zinc-400">
        <span>{lang ?? t("code")}</span>
        <CopyButton text={code} />
      </div>
      {html === null ? (
        <pre className="overflow-x-auto p-3 text-[13px] leading-relaxed">{children}</pre>
      ) : (
        <pre className="overflow-x-auto p-3 text-[13px] leading-relaxed">
          <code className={`hljs language-${lang}`}>{html}</code>
        </pre>
      )}
    </div>
  );
}

const components: Components = {
  pre({ children }) {
    return <CodeBlock>{children}</CodeBlock>;
  },
  a({ children, href }) {
    return (
      <a
        href={href}
        target="_blank"
        rel="noreferrer noopener"
        className="text-accent-600 underline underline-offset-2 dark:text-accent-500"
      >
        {children}
      </a>
    );
  },
  table({ children }) {
    return (
      <div className="my-3 overflow-x-auto">
        <table className="w-full border-collapse text-sm">{children}</table>
      </div>
    );
  },
};

/** One top-level block, rendered again only when its own text changes. */
const Block = memo(function Block({ text, final }: { text: string; final: boolean }) {
  return (
    <BlockFinal.Provider value={final}>
      <ReactMarkdown remarkPlugins={remarkPlugins} components={components}>
        {text}
      </ReactMarkdown>
    </BlockFinal.Provider>
  );
});

/**
 * GFM markdown (tables, task lists, links) with highlighted code blocks and a copy button. A
 * streamed answer grows at its end: blocks before the last are final and render once, so each new
 * token costs the same however long the answer already is; code is highlighted once its fence closes.
 */
export const Markdown = memo(function Markdown({ text }: { text: string }) {
  const split = useRef<ReturnType<typeof blockSplitter>>(null);
  split.current ??= blockSplitter();
  const blocks = split.current(text);
  return (
    <div className="markdown text-[15px] leading-relaxed">
      {blocks.map((b, i) => (
        <Block key={b.start} text={b.text} final={i < blocks.length - 1 || isClosedFence(b.text)} />
      ))}
    </div>
  );
});
