import { deflateSync } from "node:zlib";

// Builds a small, valid PDF (one Helvetica text line per page) with a correct cross-reference
// table, so text extraction is tested on a real file made in the test.

export function makePdf(pages: string[]): Uint8Array {
  const objects: string[] = [];
  const fontId = 3 + pages.length * 2;
  const kids = pages.map((_, i) => `${3 + i * 2} 0 R`).join(" ");
  objects[1] = "<< /Type /Catalog /Pages 2 0 R >>";
  objects[2] = `<< /Type /Pages /Kids [${kids}] /Count ${pages.length} >>`;
  pages.forEach((text, i) => {
    const pageId = 3 + i * 2;
    const escaped = text.replace(/[\\()]/g, (c) => `\\${c}`);
    const stream = `BT /F1 18 Tf 20 100 Td (${escaped}) Tj ET`;
    objects[pageId] =
      `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 400 200] /Resources << /Font << /F1 ${fontId} 0 R >> >> /Contents ${pageId + 1} 0 R >>`;
    objects[pageId + 1] = `<< /Length ${stream.length} >>\nstream\n${stream}\nendstream`;
  });
  objects[fontId] = "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>";
  let out = "%PDF-1.4\n";
  const offsets: number[] = [];
  for (let id = 1; id < objects.length; id++) {
    offsets[id] = out.length;
    out += `${id} 0 obj\n${objects[id]}\nendobj\n`;
  }
  const xref = out.length;
  out += `xref\n0 ${objects.length}\n0000000000 65535 f \n`;
  for (let id = 1; id < objects.length; id++) out += `${String(offsets[id]).padStart(10, "0")} 00000 n \n`;
  out += `trailer\n<< /Size ${objects.length} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return new TextEncoder().encode(out);
}

/** A 1×1 red PNG. */
export const TINY_PNG = Uint8Array.from(
  Buffer.from(
    "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8DwHwAFBQIAX8jx0gAAAABJRU5ErkJggg==",
    "base64",
  ),
);

/** A PDF from its objects (bodies as bytes, for binary streams), with a correct cross-reference table. */
function assemblePdf(objects: (Buffer | string)[]): Uint8Array {
  const parts: Buffer[] = [Buffer.from("%PDF-1.4\n", "latin1")];
  let length = parts[0].length;
  const offsets: number[] = [];
  for (let id = 1; id < objects.length; id++) {
    offsets[id] = length;
    const body = objects[id];
    const chunk = Buffer.concat([
      Buffer.from(`${id} 0 obj\n`, "latin1"),
      typeof body === "string" ? Buffer.from(body, "latin1") : body,
      Buffer.from("\nendobj\n", "latin1"),
    ]);
    parts.push(chunk);
    length += chunk.length;
  }
  let tail = `xref\n0 ${objects.length}\n0000000000 65535 f \n`;
  for (let id = 1; id < objects.length; id++) tail += `${String(offsets[id]).padStart(10, "0")} 00000 n \n`;
  tail += `trailer\n<< /Size ${objects.length} /Root 1 0 R >>\nstartxref\n${length}\n%%EOF\n`;
  parts.push(Buffer.from(tail, "latin1"));
  return new Uint8Array(Buffer.concat(parts));
}

function flateStream(content: Buffer): Buffer {
  const packed = deflateSync(content, { level: 9 });
  return Buffer.concat([
    Buffer.from(`<< /Length ${packed.length} /Filter /FlateDecode >>\nstream\n`, "latin1"),
    packed,
    Buffer.from("\nendstream", "latin1"),
  ]);
}

/**
 * PDF bombs: `pages` pages all drawing the same Flate content stream of `contentBytes` (text
 * operators repeated), which inflates from a few kilobytes. One page with 64 MB: the inflation bomb;
 * 300 pages sharing 8 MB: the parse bomb (small once unpacked, parsed once per page).
 */
export function makePdfBomb({ pages, contentBytes }: { pages: number; contentBytes: number }): Uint8Array {
  const op = Buffer.from("BT /F1 1 Tf 0 0 Td (x) Tj ET\n", "latin1");
  const content = Buffer.alloc(contentBytes);
  for (let at = 0; at < contentBytes; at += op.length) op.copy(content, at);
  const fontId = 3 + pages;
  const streamId = fontId + 1;
  const objects: (Buffer | string)[] = [];
  objects[1] = "<< /Type /Catalog /Pages 2 0 R >>";
  objects[2] = `<< /Type /Pages /Kids [${Array.from({ length: pages }, (_, i) => `${3 + i} 0 R`).join(" ")}] /Count ${pages} >>`;
  for (let i = 0; i < pages; i++)
    objects[3 + i] =
      `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 400 200] /Resources << /Font << /F1 ${fontId} 0 R >> >> /Contents ${streamId} 0 R >>`;
  objects[fontId] = "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>";
  objects[streamId] = flateStream(content);
  return assemblePdf(objects);
}
