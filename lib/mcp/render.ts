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

/**
 * The model's text; `structuredAt` says where the structured content appended to it begins, so a
 * trace can show it apart (absent when none was appended, or when the cut reached it).
 */
export function renderToolResult(
  result: Pick<CallToolResult, "content" | "structuredContent">,
  maxChars: number,
): { text: string; truncated: boolean; structuredAt?: number } {
  const content = result.content ?? [];
  const parts = content.map(renderBlock);
  const texts = content.flatMap((b) => (b.type === "text" ? [b.text] : []));
  const head = parts.join("\n\n");
  if (result.structuredContent === undefined || textRepeats(texts, result.structuredContent)) {
    return truncate(head || "(no content)", maxChars);
  }
  const structuredAt = head ? head.length + 2 : 0;
  const cut = truncate(`${head ? `${head}\n\n` : ""}${JSON.stringify(result.structuredContent)}`, maxChars);
  return cut.truncated ? cut : { ...cut, structuredAt };
}

export function truncate(text: string, maxChars: number): { text: string; truncated: boolean } {
  if (text.length <= maxChars) return { text, truncated: false };
  const note = `\n\n[Result truncated: showing the first ${maxChars} of ${text.length} characters. Ask for a narrower result if you need the rest.]`;
  return { text: text.slice(0, maxChars) + note, truncated: true };
}
