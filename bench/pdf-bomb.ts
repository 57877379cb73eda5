/**
 * How much hostile PDFs stall the server while their text is read at upload
 * (node --conditions=react-server --import tsx bench/pdf-bomb.ts).
 *
 * Reads each file with lib/files/extract.ts as an upload does, while a 10 ms timer on this thread
 * stands in for /api/health: the longest gap between its ticks is how long a request to the server
 * would have waited. Cases: a ~160 kB PDF whose one content stream inflates to 64 MB; a ~70 kB PDF
 * of 300 pages sharing one 8 MB stream; three of the first at once; a small ordinary PDF.
 * Prints wall time, the longest stall, the outcome, and the process's peak RSS at the end.
 */
import { monitorEventLoopDelay } from "node:perf_hooks";
import { extractText } from "../lib/files/extract";
import { makePdf, makePdfBomb } from "../tests/helpers/pdf";

const MB = 1024 * 1024;
const cases: { name: string; files: Uint8Array[] }[] = [
  { name: "ordinary (2 pages)", files: [makePdf(["Hello page one", "Totals (page two)"])] },
  { name: "inflation bomb (64 MB)", files: [makePdfBomb({ pages: 1, contentBytes: 64 * MB })] },
  { name: "parse bomb (300 pages × 8 MB)", files: [makePdfBomb({ pages: 300, contentBytes: 8 * MB })] },
];
cases.push({ name: "three inflation bombs at once", files: [0, 1, 2].map(() => cases[1].files[0]) });

for (const c of cases) {
  const delay = monitorEventLoopDelay({ resolution: 10 });
  delay.enable();
  const t0 = performance.now();
  const outcomes = await Promise.all(
    c.files.map((f) =>
      extractText("pdf", f, "bench.pdf").then(
        (text) => `read (${text?.length ?? 0} chars)`,
        (err: Error) => `refused: ${err.message.slice(0, 90)}`,
      ),
    ),
  );
  const ms = Math.round(performance.now() - t0);
  delay.disable();
  const stall = Math.round(delay.max / 1e6);
  const size = Math.round(c.files[0].byteLength / 1024);
  console.log(
    `${c.name} [${size} kB]: ${ms} ms, longest stall ${stall} ms — ${[...new Set(outcomes)].join("; ")}`,
  );
}
console.log(`peak RSS of this process: ${Math.round(process.resourceUsage().maxRSS / 1024)} MB`);
