// The text of a PDF, read in a worker thread (lib/files/extract.ts starts it): pdf.js parses on
// whichever thread calls it, and a hostile PDF can keep that thread busy for many seconds. Plain
// JavaScript so that it loads as it is, under Next.js and in tests alike.
//
// Before pdf.js sees the file, every stream in it is unpacked once with a byte budget: a small PDF
// whose content inflates to many megabytes (a PDF bomb) is refused without being parsed. Time and
// memory are bounded by the thread that started this one (it terminates it).
import { parentPort, workerData } from "node:worker_threads";
import { inflateSync } from "node:zlib";

const { bytes, maxPages, maxTextChars, maxInflatedBytes } = workerData;

/** Bytes the file's streams take once unpacked (Flate ones inflated; others as stored); stops past `limit`. */
function unpackedSize(data, limit) {
  const buf = Buffer.from(data.buffer, data.byteOffset, data.byteLength);
  let total = 0;
  let at = 0;
  for (;;) {
    const start = buf.indexOf("stream", at, "latin1");
    if (start < 0) return total;
    at = start + 6;
    // "endstream" contains "stream": skip it, and take only a keyword followed by an end of line.
    if (buf.subarray(Math.max(0, start - 3), start).toString("latin1") === "end") continue;
    let body = at;
    if (buf[body] === 0x0d) body++;
    if (buf[body] !== 0x0a) continue;
    body++;
    const end = buf.indexOf("endstream", body, "latin1");
    if (end < 0) return total;
    const raw = buf.subarray(body, end);
    at = end + 9;
    let size = raw.byteLength;
    try {
      // Output capped just past the budget: inflating a bomb stops there.
      size = inflateSync(raw, { maxOutputLength: limit - total + 1, finishFlush: 2 }).byteLength;
    } catch (err) {
      if (err?.code === "ERR_BUFFER_TOO_LARGE") return limit + 1;
      // Not deflate data (another filter, or none): counted as stored.
    }
    total += size;
    if (total > limit) return total;
  }
}

function shortReason(err) {
  const msg = err instanceof Error ? err.message : String(err);
  return msg.replace(/\s+/g, " ").slice(0, 160) || "unknown error";
}

async function extract() {
  if (unpackedSize(bytes, maxInflatedBytes) > maxInflatedBytes) return { refused: "inflated" };
  const { getDocumentProxy } = await import("unpdf");
  let pdf;
  try {
    pdf = await getDocumentProxy(bytes, { stopAtErrors: false, verbosity: 0 });
  } catch (err) {
    return { unreadable: shortReason(err) };
  }
  const pages = Math.min(pdf.numPages, maxPages);
  const out = [];
  let chars = 0;
  for (let i = 1; i <= pages && chars < maxTextChars; i++) {
    let text;
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
  return { text: out.join("\n\n") };
}

parentPort.postMessage(await extract());
