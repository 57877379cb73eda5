// What the models read of a file: the text of a text file, or of a PDF page by page. Images have
// no text (they travel as image parts). Bounded so a hostile file can't take the process down: a
// PDF is read in a worker thread (lib/files/pdf-worker.mjs) within a time, unpacked-size, page and
// heap budget, at most two at a time.
import "server-only";
import path from "node:path";
import { Worker } from "node:worker_threads";
import { type ErrorText, inEnglish } from "@/lib/errors";
import type { FileKind } from "./sniff";

/** Pages of a PDF read at most; the rest is named in a note. */
const MAX_PDF_PAGES = 300;
/** Characters of text kept per file (far more than any context budget sends). */
export const MAX_TEXT_CHARS = 2_000_000;

/** A file that could not be read: `text` is the refusal's catalog message (errors.bad_request.*). */
export class ExtractError extends Error {
  constructor(
    readonly text: ErrorText,
    options?: { cause?: unknown },
  ) {
    super(inEnglish(text), options);
    this.name = "ExtractError";
  }
}

function cap(text: string): string {
  return text.length > MAX_TEXT_CHARS
    ? `${text.slice(0, MAX_TEXT_CHARS)}\n[The rest of this file (${text.length - MAX_TEXT_CHARS} characters) was not kept.]`
    : text;
}

/** What one PDF may cost to read. */
export interface PdfBudget {
  /** Pages read at most; the rest is named in a note. */
  maxPages: number;
  /** Bytes all its streams may take once unpacked: a small file that inflates past this is refused. */
  maxInflatedBytes: number;
  /** Longest the reading may take before the worker is stopped and the file refused. */
  timeoutMs: number;
  /** Heap of the worker (its JavaScript objects; unpacked bytes are bounded by maxInflatedBytes). */
  maxHeapMb: number;
}

const MB = 1024 * 1024;

export const PDF_BUDGET: PdfBudget = {
  maxPages: MAX_PDF_PAGES,
  maxInflatedBytes: 48 * MB,
  timeoutMs: 20_000,
  maxHeapMb: 256,
};

/** PDFs read at once by this process; more wait their turn (each worker holds up to its budget). */
const MAX_CONCURRENT_PDFS = 2;
let running = 0;
const waiting: (() => void)[] = [];

async function turn(): Promise<() => void> {
  if (running >= MAX_CONCURRENT_PDFS) await new Promise<void>((resolve) => waiting.push(resolve));
  running++;
  return () => {
    running--;
    waiting.shift()?.();
  };
}

/** Workers reading a PDF right now (for tests: a refused file leaves none behind). */
export function pdfWorkersRunning(): number {
  return running;
}

// A file of the source tree, loaded as it is (not bundled): the server runs from the app's root.
const WORKER_FILE = path.join(process.cwd(), "lib", "files", "pdf-worker.mjs");

type WorkerAnswer = { text: string } | { refused: "inflated" } | { unreadable: string };

/**
 * Text of a PDF, one "Page N" section per page, read in a worker thread within `budget` so a
 * hostile PDF never stalls this process; throws ExtractError with the reason when it can't be read.
 */
export async function pdfText(
  bytes: Uint8Array,
  name: string,
  budget: PdfBudget = PDF_BUDGET,
): Promise<string> {
  const done = await turn();
  try {
    const answer = await inWorker(bytes, name, budget);
    if ("refused" in answer)
      throw new ExtractError({
        key: "bad_request.pdf_inflated",
        values: { name, megabytes: Math.round(budget.maxInflatedBytes / MB) },
      });
    if ("unreadable" in answer)
      throw new ExtractError({
        key: "bad_request.pdf_unreadable",
        values: { name, reason: answer.unreadable },
      });
    return cap(answer.text);
  } finally {
    done();
  }
}

function inWorker(bytes: Uint8Array, name: string, budget: PdfBudget): Promise<WorkerAnswer> {
  // pdf.js takes the buffer over: the worker gets a copy.
  const copy = new Uint8Array(bytes);
  const worker = new Worker(WORKER_FILE, {
    workerData: {
      bytes: copy,
      maxPages: budget.maxPages,
      maxTextChars: MAX_TEXT_CHARS,
      maxInflatedBytes: budget.maxInflatedBytes,
    },
    transferList: [copy.buffer],
    resourceLimits: { maxOldGenerationSizeMb: budget.maxHeapMb, maxYoungGenerationSizeMb: 32 },
  });
  return new Promise<WorkerAnswer>((resolve, reject) => {
    let settled = false;
    const settle = (fn: () => void) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      // Stopped whatever happened: its memory and CPU are freed with it.
      void worker.terminate();
      fn();
    };
    const timer = setTimeout(
      () =>
        settle(() =>
          reject(
            new ExtractError({
              key: "bad_request.pdf_slow",
              values: { name, seconds: Math.max(1, Math.round(budget.timeoutMs / 1000)) },
            }),
          ),
        ),
      budget.timeoutMs,
    );
    worker.once("message", (answer: WorkerAnswer) => settle(() => resolve(answer)));
    worker.once("error", (err: Error & { code?: string }) =>
      settle(() =>
        reject(
          err.code === "ERR_WORKER_OUT_OF_MEMORY"
            ? new ExtractError({ key: "bad_request.pdf_memory", values: { name } })
            : new ExtractError(
                { key: "bad_request.pdf_unreadable", values: { name, reason: shortReason(err) } },
                { cause: err },
              ),
        ),
      ),
    );
    worker.once("exit", (code) =>
      settle(() =>
        reject(new ExtractError({ key: "bad_request.pdf_reader_stopped", values: { name, code } })),
      ),
    );
  });
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
