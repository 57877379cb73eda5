// What the models read of a file: the text of a text file, or of a PDF page by page. Images have
// no text (they travel as image parts). Bounded so a hostile file can't take the process down.
import "server-only";
import type { FileKind } from "./sniff";

/** Pages of a PDF read at most; the rest is named in a note. */
const MAX_PDF_PAGES = 300;
/** Characters of text kept per file (far more than any context budget sends). */
export const MAX_TEXT_CHARS = 2_000_000;

export class ExtractError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = "ExtractError";
  }
}

function cap(text: string): string {
  return text.length > MAX_TEXT_CHARS
    ? `${text.slice(0, MAX_TEXT_CHARS)}\n[The rest of this file (${text.length - MAX_TEXT_CHARS} characters) was not kept.]`
    : text;
}

/** Text of a PDF, one "Page N" section per page; throws ExtractError when the PDF can't be read. */
export async function pdfText(bytes: Uint8Array, name: string): Promise<string> {
  const { getDocumentProxy } = await import("unpdf");
  let pdf: Awaited<ReturnType<typeof getDocumentProxy>>;
  try {
    // pdf.js takes the buffer over: give it a copy.
    pdf = await getDocumentProxy(new Uint8Array(bytes), { stopAtErrors: false, verbosity: 0 });
  } catch (err) {
    throw new ExtractError(`"${name}" couldn't be read as a PDF (${shortReason(err)}).`, { cause: err });
  }
  try {
    const pages = Math.min(pdf.numPages, MAX_PDF_PAGES);
    const out: string[] = [];
    let chars = 0;
    for (let i = 1; i <= pages && chars < MAX_TEXT_CHARS; i++) {
      let text: string;
      try {
        const page = await pdf.getPage(i);
        const content = await page.getTextContent();
        text = content.items
          .map((it) => ("str" in it ? `${it.str}${it.hasEOL ? "\n" : ""}` : ""))
          .join("")
          .trim();
        page.cleanup();
      } catch (err) {
        text = `[This page couldn't be read: ${shortReason(err)}]`;
      }
      const section = `--- Page ${i} ---\n${text || "[no text on this page]"}`;
      out.push(section);
      chars += section.length;
    }
    if (pdf.numPages > pages) out.push(`[Pages ${pages + 1}–${pdf.numPages} were not read.]`);
    return cap(out.join("\n\n"));
  } finally {
    await pdf.loadingTask.destroy().catch(() => {});
  }
}

function shortReason(err: unknown): string {
  const msg = err instanceof Error ? err.message : String(err);
  return msg.replace(/\s+/g, " ").slice(0, 160) || "unknown error";
}

/** The text stored for a file of this kind (null for images). */
export async function extractText(kind: FileKind, bytes: Uint8Array, name: string): Promise<string | null> {
  if (kind === "image") return null;
  if (kind === "pdf") return pdfText(bytes, name);
  // A BOM is not part of the text.
  return cap(new TextDecoder("utf-8").decode(bytes).replace(/^\uFEFF/, ""));
}
