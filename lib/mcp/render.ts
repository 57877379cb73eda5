/**
 * A CallToolResult as text for the model: text parts as they are, structured content as JSON,
 * images/audio/resources noted (the engine passes text only), cut at `maxChars` with a note.
 */
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";

type Block = CallToolResult["content"][number];

const base64Bytes = (data: string) => Math.floor((data.length * 3) / 4);

function renderBlock(block: Block): string {
  switch (block.type) {
    case "text":
      return block.text;
    case "image":
    case "audio":
      return `[${block.type} ${block.mimeType}, ${base64Bytes(block.data)} bytes, not shown]`;
    case "resource_link":
      return `[resource link: ${block.uri}${block.name ? ` (${block.name})` : ""}]`;
    case "resource": {
      const r = block.resource;
      if ("text" in r && typeof r.text === "string") return `[resource ${r.uri}]\n${r.text}`;
      return `[resource ${r.uri}${r.mimeType ? `, ${r.mimeType}` : ""}, binary, not shown]`;
    }
    default:
      return `[${(block as { type?: string }).type ?? "unknown"} content, not shown]`;
  }
}

/** True when some text part already is the structured content serialised (the spec asks servers to do so). */
function textRepeats(texts: string[], structured: unknown): boolean {
  const wanted = JSON.stringify(structured);
  return texts.some((t) => {
    try {
      return JSON.stringify(JSON.parse(t)) === wanted;
    } catch {
      return false;
    }
  });
}

export function renderToolResult(
  result: Pick<CallToolResult, "content" | "structuredContent">,
  maxChars: number,
): { text: string; truncated: boolean } {
  const content = result.content ?? [];
  const parts = content.map(renderBlock);
  const texts = content.flatMap((b) => (b.type === "text" ? [b.text] : []));
  if (result.structuredContent !== undefined && !textRepeats(texts, result.structuredContent)) {
    parts.push(JSON.stringify(result.structuredContent));
  }
  const full = parts.join("\n\n") || "(no content)";
  return truncate(full, maxChars);
}

export function truncate(text: string, maxChars: number): { text: string; truncated: boolean } {
  if (text.length <= maxChars) return { text, truncated: false };
  const note = `\n\n[Result truncated: showing the first ${maxChars} of ${text.length} characters. Ask for a narrower result if you need the rest.]`;
  return { text: text.slice(0, maxChars) + note, truncated: true };
}
