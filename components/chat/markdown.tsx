"use client";
import { memo, useState } from "react";
import ReactMarkdown, { type Components } from "react-markdown";
import rehypeHighlight from "rehype-highlight";
import remarkGfm from "remark-gfm";

function CopyButton({ text }: { text: string }) {
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
      {copied ? "Copied" : "Copy"}
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

const components: Components = {
  pre({ children }) {
    const code = textOf(children);
    const lang = /language-(\w+)/.exec(
      String((children as { props?: { className?: string } })?.props?.className ?? ""),
    )?.[1];
    return (
      <div className="group my-3 overflow-hidden rounded-lg border border-zinc-800 bg-zinc-950 text-zinc-100">
        <div className="flex items-center justify-between border-b border-zinc-800 px-3 py-1 text-xs text-zinc-400">
          <span>{lang ?? "code"}</span>
          <CopyButton text={code.replace(/\n$/, "")} />
        </div>
        <pre className="overflow-x-auto p-3 text-[13px] leading-relaxed">{children}</pre>
      </div>
    );
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

/** GFM markdown (tables, task lists, links) with highlighted code blocks and a copy button. */
export const Markdown = memo(function Markdown({ text }: { text: string }) {
  return (
    <div className="markdown text-[15px] leading-relaxed">
      <ReactMarkdown
        remarkPlugins={remarkPlugins}
        rehypePlugins={[[rehypeHighlight, { detect: true, ignoreMissing: true }]]}
        components={components}
      >
        {text}
      </ReactMarkdown>
    </div>
  );
});
