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
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import ReactMarkdown from "react-markdown";
import remarkGfm from "remark-gfm";
import { blockSplitter } from "../components/chat/markdown-blocks";
import type { RunEvent } from "../lib/agents/events";
import { syntheticRunEvents } from "../lib/agents/testing/trace-events";
import { applyEvent, type MessageTree, reduceEvents } from "../lib/agents/trace";

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
function answerOf(tokens: number): string {
  const parts: string[] = [];
  let chars = 0;
  for (let i = 0; chars < tokens * 4; i++) {
    const part =
      i % 5 === 3
        ? "```ts\nconst total = items.reduce((sum, x) => sum + x.price, 0);\nconsole.log(total);\n```\n\n"
        : i % 5 === 4
          ? "- first point\n- second point with `code`\n- third point\n\n"
          : `${PARAGRAPH.repeat(3)}\n\n`;
    parts.push(part);
    chars += part.length;
  }
  return parts.join("").slice(0, tokens * 4);
}

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
