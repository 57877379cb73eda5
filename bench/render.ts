/**
 * Live-tree benchmark (npm run bench:render): the work the chat client does per animation frame
 * to turn a run's events into the tree it renders, at 1k / 5k / 20k events received so far.
 *
 *   full         what the client did before: append the frame's batch to the event log (a new
 *                array) and re-reduce the whole log with `reduceEvents` — grows with the log.
 *   incremental  what it does now: `applyEvent` on the frame's batch only, plus the shallow
 *                snapshot React re-renders from — independent of the log's length.
 *
 * A frame's batch is BATCH events (a fast stream delivers several per 16 ms frame). The last column
 * is the total reducer time for a whole answer of that many events arriving BATCH per frame.
 * Figures are medians of several samples; the machine is shared, so compare columns, not runs.
 */

import { existsSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import ReactMarkdown from "react-markdown";
import remarkGfm from "remark-gfm";
import { blockSplitter } from "../components/chat/markdown-blocks";
import { lanesOf } from "../components/chat/timeline-layout";
import type { RunEvent } from "../lib/agents/events";
import { syntheticRunEvents } from "../lib/agents/testing/trace-events";
import { criticalPath } from "../lib/agents/timeline";
import { applyEvent, type MessageTree, reduceEvents } from "../lib/agents/trace";
import { browserRender, longAnswer } from "./render-browser";

const BATCH = 8;
const SIZES = [1_000, 5_000, 20_000];

function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)];
}

/** ms for one frame of the old hook at `n` events: copy the log with the batch, reduce it all. */
function fullFrame(events: RunEvent[], n: number): number {
  const before = events.slice(0, n - BATCH);
  const batch = events.slice(n - BATCH, n);
  const t = performance.now();
  const log = [...before, ...batch];
  reduceEvents(log);
  return performance.now() - t;
}

/** ms for one frame of the new hook at `n` events: apply the batch to the live tree, snapshot it. */
function incrementalFrame(events: RunEvent[], n: number): number {
  const tree = reduceEvents(events.slice(0, n - BATCH));
  const t = performance.now();
  for (let i = n - BATCH; i < n; i++) applyEvent(tree, events[i]);
  const snapshot: MessageTree = { ...tree };
  const ms = performance.now() - t;
  if (snapshot.content.length === 0) throw new Error("empty tree");
  return ms;
}

/** Total reducer ms over a whole answer of `n` events arriving BATCH per frame. */
function wholeAnswer(events: RunEvent[], n: number, mode: "full" | "incremental"): number {
  const t = performance.now();
  if (mode === "full") {
    let log: RunEvent[] = [];
    for (let i = 0; i < n; i += BATCH) {
      log = [...log, ...events.slice(i, i + BATCH)];
      reduceEvents(log);
    }
  } else {
    const tree = reduceEvents([]);
    for (let i = 0; i < n; i++) applyEvent(tree, events[i]);
  }
  return performance.now() - t;
}

const fmt = (ms: number) => (ms < 0.1 ? ms.toFixed(4) : ms < 10 ? ms.toFixed(3) : ms.toFixed(1)).padStart(9);

console.log(`Live tree per animation frame (${BATCH} new events per frame), median ms:`);
console.log("   events   full/frame  incr/frame   speed-up   whole answer: full   incremental");
for (const n of SIZES) {
  const events = syntheticRunEvents(n);
  const samples = n >= 20_000 ? 15 : 31;
  // Warm up the JIT on this size before measuring.
  for (let i = 0; i < 3; i++) {
    fullFrame(events, n);
    incrementalFrame(events, n);
  }
  const full = median(Array.from({ length: samples }, () => fullFrame(events, n)));
  const incr = median(Array.from({ length: samples }, () => incrementalFrame(events, n)));
  const wholeFull = wholeAnswer(events, n, "full");
  const wholeIncr = median(Array.from({ length: 5 }, () => wholeAnswer(events, n, "incremental")));
  console.log(
    `${String(n).padStart(9)}  ${fmt(full)}   ${fmt(incr)}   ${`${Math.round(full / incr)}×`.padStart(8)}   ${fmt(wholeFull)}      ${fmt(wholeIncr)}`,
  );
}

// Markdown per frame: a growing answer of TOKENS tokens (about 4 characters each) gets 8 more.
//   whole    what the client did before: parse and render the whole answer's markdown again
//   blocks   what it does now: re-split from the last block (blockSplitter) and render only that
//            block; earlier blocks are final and React keeps them (memoized by their text)
const PARAGRAPH =
  "The **subagent** read the file and found *three* issues; see [the report](https://example.com) for details. ";
/** The i-th block of a long answer: paragraphs, a fenced code block, a list. */
function paragraph(i: number): string {
  return i % 5 === 3
    ? "```ts\nconst total = items.reduce((sum, x) => sum + x.price, 0);\nconsole.log(total);\n```\n\n"
    : i % 5 === 4
      ? "- first point\n- second point with `code`\n- third point\n\n"
      : `${PARAGRAPH.repeat(3)}\n\n`;
}
const answerOf = (tokens: number) => longAnswer(tokens, paragraph).join("");

const render = (text: string) =>
  renderToStaticMarkup(createElement(ReactMarkdown, { remarkPlugins: [remarkGfm] }, text));

console.log("\nMarkdown per animation frame (8 new tokens per frame), median ms:");
console.log("   tokens  whole/frame  blocks/frame   speed-up");
for (const tokens of [1_000, 10_000]) {
  const text = answerOf(tokens);
  const before = text.slice(0, text.length - 32);
  const whole = median(
    Array.from({ length: 15 }, () => {
      const t = performance.now();
      render(text);
      return performance.now() - t;
    }),
  );
  const blocks = median(
    Array.from({ length: 15 }, () => {
      const split = blockSplitter();
      split(before);
      const t = performance.now();
      const last = split(text).at(-1);
      if (last) render(last.text);
      return performance.now() - t;
    }),
  );
  console.log(
    `${String(tokens).padStart(9)}  ${fmt(whole)}    ${fmt(blocks)}   ${`${Math.round(whole / blocks)}×`.padStart(8)}`,
  );
}

// The timeline (lib/agents/timeline.ts): its spans are kept by applyEvent, so the reducer's share
// of a frame must not grow with the answer. The chart's layout and critical path (lanesOf +
// criticalPath, recomputed per render) are printed beside it: they walk all spans.
console.log(`\nTimeline per animation frame (${BATCH} new events per frame, events carry t), median ms:`);
console.log("   events  spans  reducer/frame  reducer/event  layout+critical/frame");
for (const n of [1_000, 5_000, 10_000]) {
  const events = syntheticRunEvents(n).map((e, i) => ({ ...e, t: i }) as RunEvent);
  const reducer = median(
    Array.from({ length: 15 }, () => {
      // The live tree as the client holds it: reduced (and indexed) event by event so far.
      const tree = reduceEvents(events.slice(0, n - BATCH));
      const t = performance.now();
      for (let i = n - BATCH; i < n; i++) applyEvent(tree, events[i]);
      return performance.now() - t;
    }),
  );
  const spans = reduceEvents(events).timeline ?? [];
  const layout = median(
    Array.from({ length: 15 }, () => {
      const t = performance.now();
      const { end } = lanesOf(spans);
      criticalPath(spans, end);
      return performance.now() - t;
    }),
  );
  console.log(
    `${String(n).padStart(9)}  ${String(spans.length).padStart(5)}  ${reducer.toFixed(4).padStart(13)}  ${(reducer / BATCH).toFixed(5).padStart(13)}  ${layout.toFixed(3).padStart(21)}`,
  );
}

// The chat page itself in Chromium (render-browser.ts): --no-browser skips it, --pace=MS sets the
// token pacing (default 10 ms: 100 tokens a second), --sizes=1000,10000 the answer lengths.
const args = process.argv.slice(2);
if (!args.includes("--no-browser")) {
  const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
  if (!existsSync(path.join(root, ".next", "BUILD_ID"))) {
    console.error(
      "\nThe Chromium part needs a production build: run `npx next build` (or pass --no-browser).",
    );
    process.exit(2);
  }
  const paceMs = Number(args.find((a) => a.startsWith("--pace="))?.slice(7) ?? 10);
  const sizes = (args.find((a) => a.startsWith("--sizes="))?.slice(8) ?? "1000,10000").split(",").map(Number);
  console.log(
    `\nThe chat page in Chromium, an answer streamed at one token per ${paceMs} ms (ms per frame on the page's main thread):`,
  );
  console.log(
    "   tokens  seconds   fps  script/frame (whole, first 10%, last 10%)  tasks/frame (whole, last 10%)  long tasks >50 ms (max)",
  );
  const f1 = (x: number) => x.toFixed(2).padStart(6);
  for (const r of await browserRender({ sizes, paceMs, root, paragraph })) {
    const long = r.longTasks.filter((t) => t.ms > 50);
    console.log(
      `${String(r.tokens).padStart(9)}  ${r.seconds.toFixed(1).padStart(7)}  ${r.fps.toFixed(0).padStart(4)}  ${f1(r.whole.script)} ${f1(r.first.script)} ${f1(r.last.script)}                      ${f1(r.whole.task)} ${f1(r.last.task)}                  ${String(long.length).padStart(3)} (${Math.max(0, ...r.longTasks.map((t) => t.ms))} ms)`,
    );
    if (long.length)
      console.log(
        `           long tasks (ms after the first token: duration): ${long.map((t) => `${t.at}: ${t.ms}`).join(", ")}`,
      );
  }
}
