// What a file is, judged from its bytes (never from the name or the type the browser claims), and
// a file name safe to store, show and send in a header.
import { type ErrorText, inEnglish } from "@/lib/errors";

export type FileKind = "text" | "pdf" | "image";

export interface Sniffed {
  kind: FileKind;
  mimeType: string;
}

/** Why a file is refused, said so a user understands. */
/** What can't be attached: `text` is the refusal's catalog message (errors.unsupported_media_type.*). */
export class SniffError extends Error {
  constructor(
    readonly reason: "archive" | "binary" | "mismatch",
    readonly text: ErrorText,
  ) {
    super(inEnglish(text));
    this.name = "SniffError";
  }
}

const startsWith = (b: Uint8Array, sig: number[], at = 0) => sig.every((x, i) => b[at + i] === x);
const ascii = (s: string) => [...s].map((c) => c.charCodeAt(0));

const IMAGES: { sig: number[]; at?: number; mime: string; also?: { sig: number[]; at: number } }[] = [
  { sig: [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a], mime: "image/png" },
  { sig: [0xff, 0xd8, 0xff], mime: "image/jpeg" },
  { sig: ascii("GIF87a"), mime: "image/gif" },
  { sig: ascii("GIF89a"), mime: "image/gif" },
  { sig: ascii("RIFF"), mime: "image/webp", also: { sig: ascii("WEBP"), at: 8 } },
];

// Compressed containers are never opened (a small upload can expand without bound: a zip bomb).
// `office`: a ZIP that may be an Office document (the refusal says so).
const ARCHIVES: { sig: number[]; format: string; office?: true }[] = [
  { sig: [0x50, 0x4b, 0x03, 0x04], format: "ZIP", office: true },
  { sig: [0x50, 0x4b, 0x05, 0x06], format: "ZIP" },
  { sig: [0x1f, 0x8b], format: "gzip" },
  { sig: [0x42, 0x5a, 0x68], format: "bzip2" },
  { sig: [0xfd, 0x37, 0x7a, 0x58, 0x5a, 0x00], format: "xz" },
  { sig: [0x37, 0x7a, 0xbc, 0xaf, 0x27, 0x1c], format: "7-Zip" },
  { sig: ascii("Rar!"), format: "RAR" },
  { sig: [0x28, 0xb5, 0x2f, 0xfd], format: "zstd" },
];

const TEXT_BY_EXT: Record<string, string> = {
  md: "text/markdown",
  markdown: "text/markdown",
  csv: "text/csv",
  tsv: "text/tab-separated-values",
  json: "application/json",
};

/** Extensions that promise a binary format: content that is something else is refused, not guessed. */
const BINARY_EXT: Record<string, string> = {
  pdf: "application/pdf",
  png: "image/png",
  jpg: "image/jpeg",
  jpeg: "image/jpeg",
  gif: "image/gif",
  webp: "image/webp",
};

/** What a content type is called in a refusal (errors.unsupported_media_type.file_mismatch's select). */
const DESCRIBE: Record<string, string> = {
  "application/pdf": "pdf",
  "image/png": "png",
  "image/jpeg": "jpeg",
  "image/gif": "gif",
  "image/webp": "webp",
};

export function extensionOf(name: string): string {
  const dot = name.lastIndexOf(".");
  return dot > 0 ? name.slice(dot + 1).toLowerCase() : "";
}

function binaryMime(b: Uint8Array): string | null {
  if (startsWith(b, ascii("%PDF-"))) return "application/pdf";
  for (const img of IMAGES)
    if (startsWith(b, img.sig, img.at) && (!img.also || startsWith(b, img.also.sig, img.also.at)))
      return img.mime;
  return null;
}

/** UTF-8 text without NUL characters (a BOM is allowed); false for anything binary. */
function isText(b: Uint8Array): boolean {
  if (b.includes(0)) return false;
  try {
    new TextDecoder("utf-8", { fatal: true }).decode(b);
    return true;
  } catch {
    return false;
  }
}

/** The file's kind and MIME type from its content; throws SniffError for what can't be attached. */
export function sniff(bytes: Uint8Array, name: string): Sniffed {
  const ext = extensionOf(name);
  for (const a of ARCHIVES)
    if (startsWith(bytes, a.sig))
      throw new SniffError("archive", {
        key: a.office ? "unsupported_media_type.file_archive_office" : "unsupported_media_type.file_archive",
        values: { name, format: a.format },
      });
  const mime = binaryMime(bytes);
  const promised = BINARY_EXT[ext];
  if (promised && promised !== mime) {
    const actual = mime ? DESCRIBE[mime] : isText(bytes) ? "text" : "other";
    throw new SniffError("mismatch", {
      key: "unsupported_media_type.file_mismatch",
      values: { name, declared: DESCRIBE[promised], actual },
    });
  }
  if (mime === "application/pdf") return { kind: "pdf", mimeType: mime };
  if (mime) return { kind: "image", mimeType: mime };
  if (isText(bytes)) return { kind: "text", mimeType: TEXT_BY_EXT[ext] ?? "text/plain" };
  throw new SniffError("binary", { key: "unsupported_media_type.file_binary", values: { name } });
}

/**
 * A name safe to store and show: the last path segment only, without control, bidi or reserved
 * characters (`<>:"/\|?*`), trimmed to 120 characters with its extension kept; "file" when nothing is left.
 */
export function sanitizeFileName(raw: string): string {
  const last = raw.split(/[/\\]/).pop() ?? "";
  let name = last
    .normalize("NFC")
    // biome-ignore lint/suspicious/noControlCharactersInRegex: removing control characters is the point
    .replace(/[\u0000-\u001f\u007f-\u009f\u200e\u200f\u202a-\u202e\u2066-\u2069]/g, "")
    .replace(/[<>:"|?*]/g, "_")
    .replace(/\s+/g, " ")
    .trim()
    .replace(/^\.+/, "");
  if (name.length > 120) {
    const ext = extensionOf(name);
    const keep = ext && ext.length < 12 ? `.${ext}` : "";
    name = `${name.slice(0, 120 - keep.length).trim()}${keep}`;
  }
  return name || "file";
}
