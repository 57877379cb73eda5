// A conversation as Markdown: the branch the chat shows (the newest at each level), each answer's
// subagents as nested collapsible <details> blocks. Text from the conversation goes in as written
// (it is Markdown); the block titles it names are escaped, as they sit inside HTML tags.
import type { TraceNode } from "@/lib/agents/trace";
import type { StoredMessage } from "@/lib/db/conversations";

const escapeHtml = (s: string) =>
  s.replace(/[&<>"]/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;" })[c] as string);

/** The newest child at each level, from the top: what the chat shows by default. */
export function activeBranch(messages: StoredMessage[]): StoredMessage[] {
  const path: StoredMessage[] = [];
  let parent: string | null = null;
  for (;;) {
    const next = messages.filter((m) => m.parentId === parent).at(-1);
    if (!next) return path;
    path.push(next);
    parent = next.id;
  }
}

export interface MarkdownLabels {
  user: string;
  assistant: string;
  subagent: (name: string, task: string) => string;
  tool: (name: string) => string;
}

function traceMarkdown(nodes: TraceNode[], labels: MarkdownLabels): string[] {
  const out: string[] = [];
  for (const n of nodes) {
    if (n.type === "subagent") {
      out.push(
        "<details>",
        `<summary>${escapeHtml(labels.subagent(n.agentName, n.task))}</summary>`,
        "",
        ...traceMarkdown(n.content, labels),
        ...(n.text ? [n.text, ""] : []),
        "</details>",
        "",
      );
    } else if (n.type === "tool_call") {
      out.push(
        "<details>",
        `<summary>${escapeHtml(labels.tool(n.name))}</summary>`,
        "",
        "```json",
        JSON.stringify(n.args, null, 2),
        "```",
        ...(n.result ? ["", "```", n.result.replaceAll("```", "` ` `"), "```"] : []),
        "</details>",
        "",
      );
    }
  }
  return out;
}

export function toConversationMarkdown(
  title: string,
  messages: StoredMessage[],
  labels: MarkdownLabels,
): string {
  const lines = [`# ${title}`, ""];
  for (const m of activeBranch(messages)) {
    lines.push(`## ${m.role === "USER" ? labels.user : labels.assistant}`, "");
    if (m.role === "ASSISTANT" && m.parts) lines.push(...traceMarkdown(m.parts.content, labels));
    lines.push(m.content, "");
  }
  return `${lines.join("\n").trimEnd()}\n`;
}
