/**
 * The chat page's work per frame while a long answer streams, measured in Chromium (the second
 * part of `npm run bench:render`; needs a production build: `npx next build`).
 *
 * A fresh database, `next start`, and an agent on an OpenAI-compatible endpoint served by the local
 * fake OpenAI server (tests/helpers), which streams a markdown answer of N tokens (4 characters
 * each: paragraphs, lists and fenced code) at one token per PACE ms. The real chat page in Debian's
 * Chromium sends the message and renders the answer as a user sees it. Every POLL ms the benchmark
 * reads Chromium's own counters over CDP (`Performance.getMetrics`: ScriptDuration, TaskDuration on
 * the page's main thread) and the page's frame count (a requestAnimationFrame counter), together
 * with how many tokens the fake server has sent. Per frame = counter delta / frames in that span.
 * Long tasks (over 50 ms) come from a PerformanceObserver in the page.
 *
 * Printed for each answer length: scripting and main-thread task time per frame over the whole
 * stream, over its first and its last tenth of tokens (a renderer whose work grew with the answer
 * would show it there), frames per second, and the long tasks.
 */
import { chromium, type Page } from "@playwright/test";
import pg from "pg";
import { migrate } from "../lib/db/migrate";
import { chromiumLaunchOptions } from "../tests/helpers/chromium";
import { startFakeOpenAIServer } from "../tests/helpers/fake-openai-server";
import { createDatabase, dropDatabase } from "../tests/helpers/test-database";
import { freePort, type NextApp, seed, signIn, startNextApp } from "./bench-app";

const POLL_MS = 250;

interface Sample {
  at: number;
  sent: number;
  scriptS: number;
  taskS: number;
  frames: number;
}

export interface BrowserFigures {
  tokens: number;
  seconds: number;
  fps: number;
  whole: { script: number; task: number };
  first: { script: number; task: number };
  last: { script: number; task: number };
  /** Long tasks of the stream: when (ms after the first token was sent) and how long. */
  longTasks: { at: number; ms: number }[];
}

/** A markdown answer of exactly `tokens` pieces of 4 characters. */
export function longAnswer(tokens: number, paragraph: (i: number) => string): string[] {
  let text = "";
  for (let i = 0; text.length < tokens * 4; i++) text += paragraph(i);
  const out: string[] = [];
  for (let i = 0; i < tokens; i++) out.push(text.slice(i * 4, i * 4 + 4));
  return out;
}

function perFrame(a: Sample, b: Sample) {
  const frames = Math.max(1, b.frames - a.frames);
  return { script: ((b.scriptS - a.scriptS) * 1000) / frames, task: ((b.taskS - a.taskS) * 1000) / frames };
}

/** The span of samples in which the server sent tokens from..to (fractions of the answer). */
function span(samples: Sample[], total: number, from: number, to: number) {
  const start = Math.max(
    0,
    samples.findIndex((s) => s.sent >= total * from),
  );
  let end = samples.findIndex((s) => s.sent >= total * to);
  if (end < 0) end = samples.length - 1;
  return perFrame(samples[Math.min(start, end - 1)] ?? samples[0], samples[Math.max(end, 1)]);
}

async function measure(page: Page, tokens: number, progress: { sent: number }): Promise<BrowserFigures> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("Performance.enable");
  const sample = async (): Promise<Sample> => {
    const { metrics } = await cdp.send("Performance.getMetrics");
    const m = (name: string) => metrics.find((x) => x.name === name)?.value ?? 0;
    const frames = (await page.evaluate("window.__frames")) as number;
    return {
      at: performance.now(),
      sent: progress.sent,
      scriptS: m("ScriptDuration"),
      taskS: m("TaskDuration"),
      frames,
    };
  };
  progress.sent = 0;
  const input = page.getByTestId("composer-input");
  await input.fill(`Write ${tokens} tokens`);
  // A person takes a while to type; the page loads its markdown renderer meanwhile (on input).
  await page.waitForTimeout(1000);
  await input.press("Enter");
  const samples: Sample[] = [];
  // From the first token the server sends to the answer shown complete.
  while (progress.sent === 0) await new Promise((r) => setTimeout(r, 5));
  samples.push(await sample());
  const pageStart = (await page.evaluate("performance.now()")) as number;
  const done = page
    .getByTestId("assistant-message")
    .last()
    .and(page.locator('[data-status="COMPLETE"]'))
    .waitFor({ timeout: tokens * 60 + 60_000 });
  let finished = false;
  void done.then(() => {
    finished = true;
  });
  while (!finished) {
    await new Promise((r) => setTimeout(r, POLL_MS));
    samples.push(await sample());
  }
  await done;
  samples.push(await sample());
  const longTasks = ((await page.evaluate("window.__longTasks.splice(0)")) as [number, number][]).map(
    ([at, ms]) => ({ at: Math.round(at - pageStart), ms: Math.round(ms) }),
  );
  const first = samples[0];
  const last = samples.at(-1) as Sample;
  await cdp.detach();
  return {
    tokens,
    seconds: (last.at - first.at) / 1000,
    fps: (last.frames - first.frames) / ((last.at - first.at) / 1000),
    whole: perFrame(first, last),
    first: span(samples, tokens, 0, 0.1),
    last: span(samples, tokens, 0.9, 1),
    longTasks,
  };
}

export async function browserRender({
  sizes,
  paceMs,
  root,
  paragraph,
}: {
  sizes: number[];
  paceMs: number;
  root: string;
  paragraph: (i: number) => string;
}): Promise<BrowserFigures[]> {
  const answers = new Map(sizes.map((n) => [n, longAnswer(n, paragraph)]));
  const progress = { sent: 0 };
  const fake = await startFakeOpenAIServer({
    models: ["fake-model"],
    script: (req) => {
      const asked = JSON.stringify(req.body?.messages ?? "").match(/Write (\d+) tokens/);
      const text = answers.get(Number(asked?.[1])) ?? ["No such answer."];
      return {
        text,
        delayMs: paceMs,
        onSent: (n) => {
          // Events before the text: the role delta. Counted in tokens of the answer.
          progress.sent = Math.min(answers.get(Number(asked?.[1]))?.length ?? 0, Math.max(0, n - 1));
        },
      };
    },
  });
  const db = await createDatabase("delegate_bench_render");
  let app: NextApp | undefined;
  let browser: Awaited<ReturnType<typeof chromium.launch>> | undefined;
  try {
    await migrate({ databaseUrl: db.url });
    const [user] = await seed(db.url, 1);
    const client = new pg.Client({ connectionString: db.url });
    await client.connect();
    const writer = "bench-writer";
    await client.query(
      `INSERT INTO "Agent" (id, "ownerId", name, description, instructions, provider, model, tools, "subagentsEnabled", "allowSelf", "updatedAt")
       VALUES ($1, $2, 'Writer', 'Writes long answers.', 'Write what is asked.', 'env:openai', 'fake-model', '{}', false, false, now())`,
      [writer, user.id],
    );
    await client.end();
    const port = await freePort();
    app = await startNextApp({
      root,
      port,
      env: {
        DATABASE_URL: db.url,
        OPENAI_API_KEY: "sk-bench-render",
        OPENAI_BASE_URL: fake.url,
        OPENAI_MODELS: "fake-model",
      },
    });
    await signIn(app.base, user);
    browser = await chromium.launch(chromiumLaunchOptions);
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    await context.addCookies(
      [...user.cookies].map(([name, value]) => ({ name, value, url: app?.base as string })),
    );
    // A string, not a function: tsx would wrap a function's inner functions in a helper the page lacks.
    await context.addInitScript(`
      window.__frames = 0;
      const tick = () => { window.__frames++; requestAnimationFrame(tick); };
      requestAnimationFrame(tick);
      window.__longTasks = [];
      new PerformanceObserver((list) => {
        for (const e of list.getEntries()) window.__longTasks.push([e.startTime, e.duration]);
      }).observe({ type: "longtask", buffered: true });
    `);
    const out: BrowserFigures[] = [];
    for (const tokens of sizes) {
      const page = await context.newPage();
      await page.goto(`${app.base}/chat?agent=${writer}`);
      await page.getByTestId("composer-input").waitFor();
      // Long tasks of the page load are not the stream's.
      await page.evaluate("window.__longTasks.splice(0)");
      out.push(await measure(page, tokens, progress));
      await page.close();
    }
    return out;
  } finally {
    await browser?.close().catch(() => {});
    await app?.stop().catch(() => {});
    await fake.close().catch(() => {});
    await dropDatabase(db.name).catch(() => {});
  }
}
