// Files attached to user messages, as the engine receives them: plain data (the caller reads them
// from wherever it stores them). Rendered into the user message for the model, within a context
// budget; images as image parts where the agent's protocol takes them, else a note.
import { type BaseMessage, HumanMessage, isBaseMessage } from "@langchain/core/messages";
import { acceptsImages } from "../providers/capabilities";
import type { ConversationMessage } from "./types";

export interface RunFile {
  /** Unique within a run (the engine adds " (2)" to a repeated name). */
  name: string;
  mimeType: string;
  size: number;
  /** What the model reads of a text file or a PDF (page by page); absent for images. */
  text?: string;
  /** An image's bytes, base64. */
  imageBase64?: string;
}

/** Characters per token assumed when fitting file text into a context budget. */
const CHARS_PER_TOKEN = 4;
/** Share of an agent's context budget the files of one message may take. */
const FILE_SHARE = 0.5;

export function fileBudgetChars(contextTokens: number): number {
  return Math.floor(contextTokens * CHARS_PER_TOKEN * FILE_SHARE);
}

/** Gives every file of the run a unique name (first come keeps it), in message order. */
export function uniqueFileNames(messages: ConversationMessage[]): {
  messages: ConversationMessage[];
  files: RunFile[];
} {
  const seen = new Set<string>();
  const files: RunFile[] = [];
  const out = messages.map((m) => {
    if (isBaseMessage(m) || !m.files?.length) return m;
    const renamed = m.files.map((f) => {
      let name = f.name;
      for (let i = 2; seen.has(name); i++) {
        const dot = f.name.lastIndexOf(".");
        name = dot > 0 ? `${f.name.slice(0, dot)} (${i})${f.name.slice(dot)}` : `${f.name} (${i})`;
      }
      seen.add(name);
      const file = name === f.name ? f : { ...f, name };
      files.push(file);
      return file;
    });
    return { ...m, files: renamed };
  });
  return { messages: out, files };
}

/**
 * Characters of each file's text that fit `budget` together: a fair share each (water-filling:
 * files smaller than their share keep everything and leave the rest to the others).
 */
export function fitTexts(lengths: number[], budget: number): number[] {
  const out = new Array<number>(lengths.length).fill(0);
  const order = lengths.map((len, i) => ({ len, i })).sort((a, b) => a.len - b.len);
  let left = Math.max(0, budget);
  order.forEach(({ len, i }, k) => {
    const share = Math.floor(left / (order.length - k));
    out[i] = Math.min(len, share);
    left -= out[i];
  });
  return out;
}

type Part = { type: "text"; text: string } | { type: "image_url"; image_url: { url: string } };

const attr = (s: string) => s.replace(/[&"<>]/g, (c) => `&#${c.charCodeAt(0)};`);

/** The user message's content: its text, then each file (text in a `<file>` block, images as parts). */
export function fileParts(text: string, files: RunFile[], budgetChars: number): Part[] {
  const texts = files.map((f) => f.text ?? "");
  const kept = fitTexts(
    texts.map((t) => t.length),
    budgetChars,
  );
  const parts: Part[] = [{ type: "text", text }];
  files.forEach((f, i) => {
    const head = `<file name="${attr(f.name)}" type="${attr(f.mimeType)}" size="${f.size}">`;
    if (f.imageBase64 !== undefined) {
      parts.push({ type: "text", text: `${head}(image below)</file>` });
      parts.push({ type: "image_url", image_url: { url: `data:${f.mimeType};base64,${f.imageBase64}` } });
      return;
    }
    const body = texts[i];
    const cut =
      kept[i] < body.length
        ? `\n[Only the first ${kept[i]} of ${body.length} characters of this file were sent: the rest does not fit the context budget.]`
        : "";
    parts.push({ type: "text", text: `${head}\n${body.slice(0, kept[i])}${cut}\n</file>` });
  });
  return parts;
}

export const NO_IMAGES = "[An image was attached here, but this model reads text only: it was not sent.]";
const stripped = new WeakMap<BaseMessage, BaseMessage>();

/**
 * The prompt for a model of `protocol`: unchanged when it takes images, else each image part is
 * replaced by a note (the same replacement object every call, so a repeated prefix stays identical).
 */
export function forProtocol(messages: BaseMessage[], protocol: string): BaseMessage[] {
  if (acceptsImages(protocol)) return messages;
  return messages.map((m) => {
    if (
      typeof m.content === "string" ||
      !m.content.some((p) => (p as { type?: string }).type === "image_url")
    )
      return m;
    let copy = stripped.get(m);
    if (!copy) {
      copy = new HumanMessage({
        content: m.content.map((p) =>
          (p as { type?: string }).type === "image_url" ? { type: "text" as const, text: NO_IMAGES } : p,
        ),
        name: m.name,
      });
      stripped.set(m, copy);
    }
    return copy;
  });
}

export interface FileBlock {
  name: string;
  mimeType: string;
  size: number;
  /** The text sent (possibly cut, with its note); "(image below)" for images. */
  body: string;
}

const BLOCK = /<file name="([^"]*)" type="([^"]*)" size="(\d+)">\n?([\s\S]*?)\n?<\/file>/g;
const unattr = (s: string) => s.replace(/&#(\d+);/g, (_, n) => String.fromCharCode(Number(n)));

/** Reads back the file blocks `fileParts` wrote into a message's text, and the text around them. */
export function readFileBlocks(text: string): { text: string; files: FileBlock[] } {
  const files: FileBlock[] = [];
  const rest = text.replace(BLOCK, (_, name, type, size, body) => {
    files.push({ name: unattr(name), mimeType: unattr(type), size: Number(size), body });
    return "";
  });
  return { text: rest.split(NO_IMAGES).join("").trim(), files };
}
