import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { type RunEvent, SUBAGENT_TOOL_NAME } from "@/lib/agents";
import { messageText, type ScriptContext, scriptedModelFactory } from "@/lib/agents/testing/scripted-model";
import { createAgent } from "@/lib/builder/agents";
import { setTestModelFactory } from "@/lib/chat/test-hooks";
import { createEndpoint } from "@/lib/endpoints/admin";
import { PDF_BUDGET, pdfText, pdfWorkersRunning } from "@/lib/files/extract";
import { updateQuotaOverride, updateQuotaSettings } from "@/lib/quota";
import { delegating, makeAgent, makeUser, post, readStream, type StreamItem } from "../helpers/chat-fixtures";
import { startFakeAnthropicServer } from "../helpers/fake-anthropic-server";
import { startFakeOpenAIServer } from "../helpers/fake-openai-server";
import { makePdf, makePdfBomb, TINY_PNG } from "../helpers/pdf";
import { query, resetDatabase } from "../helpers/reset-db";

// Files in chat against a real PostgreSQL: uploads and their limits, who may read them, hostile
// files, deletion with the conversation (bytes shared by hash kept while used), and what the
// models and subagents receive.
const session = vi.hoisted(() => ({ userId: null as string | null }));
vi.mock("@/lib/auth/index", () => ({
  auth: async () =>
    session.userId ? (await import("../helpers/auth-session")).testSession(session.userId) : null,
}));

const filesRoute = await import("@/app/api/files/route");
const fileRoute = await import("@/app/api/files/[id]/route");
const textRoute = await import("@/app/api/files/[id]/text/route");
const chatRoute = await import("@/app/api/chat/route");
const conversationRoute = await import("@/app/api/conversations/[id]/route");

const enc = (s: string) => new TextEncoder().encode(s);

function upload(name: string, bytes: Uint8Array, headers: Record<string, string> = {}) {
  return filesRoute.POST(
    new Request("http://test/api/files", {
      method: "POST",
      headers: { "X-File-Name": encodeURIComponent(name), "Content-Type": "image/png", ...headers },
      body: bytes as Uint8Array<ArrayBuffer>,
    }),
  );
}

async function uploaded(name: string, bytes: Uint8Array) {
  const res = await upload(name, bytes);
  expect(res.status).toBe(201);
  return (await res.json()) as { id: string; name: string; mimeType: string; kind: string; size: number };
}

const params = (id: string) => ({ params: Promise.resolve({ id }) });
const get = (id: string, suffix = "") =>
  (suffix ? textRoute.GET : fileRoute.GET)(new Request(`http://test/api/files/${id}${suffix}`), params(id));

async function chat(body: Record<string, unknown>) {
  const res = await chatRoute.POST(post("/api/chat", body));
  if (res.status !== 200) return { res, items: [] as StreamItem[] };
  return { res, items: await readStream(res) };
}

const metaOf = (items: StreamItem[]) => items[0] as Extract<StreamItem, { type: "meta" }>;
const countOf = async (table: string) =>
  Number((await query<{ n: string }>(`SELECT count(*) AS n FROM "${table}"`))[0].n);

const saved: Record<string, string | undefined> = {};
function setEnv(vars: Record<string, string>) {
  for (const [k, v] of Object.entries(vars)) {
    if (!(k in saved)) saved[k] = process.env[k];
    process.env[k] = v;
  }
}

describe("files in chat", () => {
  let owner: { id: string };
  let other: { id: string };

  beforeEach(async () => {
    await resetDatabase();
    setTestModelFactory(undefined);
    owner = await makeUser("Owner");
    other = await makeUser("Other");
    session.userId = owner.id;
  });
  afterEach(() => {
    for (const [k, v] of Object.entries(saved)) {
      if (v === undefined) delete process.env[k];
      else process.env[k] = v;
      delete saved[k];
    }
  });

  it("stores an upload with its type sniffed from the content, readable by its owner only", async () => {
    const csv = "name,qty\napple,3\npear,5\n";
    const file = await uploaded("stock.csv", enc(csv));
    // The browser claimed image/png; the content says CSV.
    expect(file).toMatchObject({ name: "stock.csv", mimeType: "text/csv", kind: "text", size: csv.length });

    const res = await get(file.id);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("text/plain; charset=utf-8");
    expect(res.headers.get("x-content-type-options")).toBe("nosniff");
    expect(res.headers.get("content-security-policy")).toContain("sandbox");
    expect(await res.text()).toBe(csv);
    expect(await (await get(file.id, "/text")).json()).toMatchObject({ text: csv, truncated: false });

    session.userId = other.id;
    for (const res of [
      await get(file.id),
      await get(file.id, "/text"),
      await fileRoute.DELETE(
        new Request(`http://test/api/files/${file.id}`, { method: "DELETE" }),
        params(file.id),
      ),
    ]) {
      expect(res.status).toBe(404);
      expect((await res.json()).code).toBe("not_found:file");
    }
    // Nor can another user send it.
    const agent = await makeAgent(other.id, "Theirs");
    const { res: refused } = await chat({ agentId: agent.id, text: "read this", fileIds: [file.id] });
    expect(refused.status).toBe(404);
    expect(await countOf("Attachment")).toBe(1);
  });

  it("holds the storage quota under concurrent uploads (12 × 300 kB at once under 1 MB)", async () => {
    const actor = { id: owner.id, email: "owner@example.com" };
    await updateQuotaOverride({ userId: owner.id, patch: { fileStorageMegabytes: 1 }, actor });
    const KB = 1024;
    // Distinct contents, so no two uploads share a hash (each counts in full anyway).
    const results = await Promise.all(
      Array.from({ length: 12 }, (_, i) => upload(`part-${i}.txt`, enc(String(i % 10).repeat(300 * KB - i)))),
    );
    const statuses = results.map((r) => r.status).sort();
    const stored = Number(
      (
        await query<{ n: string }>(
          `SELECT coalesce(sum(size), 0) AS n FROM "Attachment" WHERE "userId" = $1`,
          [owner.id],
        )
      )[0].n,
    );
    console.log(`concurrent uploads: ${statuses.filter((s) => s === 201).length} stored, ${stored} bytes`);
    expect(stored).toBeLessThanOrEqual(1024 * KB);
    // Three fit in 1 MB: exactly those are stored, the other nine refused with the quota's reason.
    expect(statuses).toEqual([...Array(3).fill(201), ...Array(9).fill(422)]);
    for (const r of results.filter((r) => r.status === 422))
      expect((await r.json()).code).toBe("limit:file_storage");
  });

  it("refuses what the admin's limits don't allow, each with its typed 4xx", async () => {
    const actor = { id: owner.id, email: "owner@example.com" };
    await updateQuotaSettings({ patch: { maxFileMegabytes: 1, maxFilesPerMessage: 2 }, actor });
    const MB = 1024 * 1024;
    const big = await upload("big.txt", enc("x".repeat(MB + 1)));
    expect(big.status).toBe(413);
    expect(await big.json()).toMatchObject({
      code: "payload_too_large:file",
      message: "Files are limited to 1.0 MB each.",
    });
    // Refused from the declared length, before the body is read.
    const declared = await upload("big.txt", enc("small"), { "Content-Length": String(2 * MB) });
    expect(declared.status).toBe(413);

    setEnv({ FILE_ALLOWED_TYPES: "text,pdf" });
    const image = await upload("dot.png", TINY_PNG);
    expect(image.status).toBe(415);
    expect((await image.json()).code).toBe("unsupported_media_type:file");

    // A per-user storage quota (an override) counts every attachment the user keeps.
    await updateQuotaOverride({ userId: owner.id, patch: { fileStorageMegabytes: 1 }, actor });
    await uploaded("a.txt", enc("a".repeat(600 * 1024)));
    const full = await upload("b.txt", enc("b".repeat(600 * 1024)));
    expect(full.status).toBe(422);
    expect((await full.json()).code).toBe("limit:file_storage");
    // Another user's quota is untouched.
    session.userId = other.id;
    await uploaded("b.txt", enc("b".repeat(600 * 1024)));
    session.userId = owner.id;

    await updateQuotaOverride({ userId: owner.id, patch: { fileStorageMegabytes: 10 }, actor });
    const ids = [];
    for (const n of ["1", "2", "3"]) ids.push((await uploaded(`${n}.txt`, enc(`file ${n}`))).id);
    const agent = await makeAgent(owner.id, "Reader");
    const { res } = await chat({ agentId: agent.id, text: "read them", fileIds: ids });
    expect(res.status).toBe(422);
    expect((await res.json()).code).toBe("limit:files_per_message");
    // Refused: nothing was written and the uploads are still pending for the next try.
    expect(await countOf("Message")).toBe(0);
    expect(
      (await query(`SELECT 1 FROM "Attachment" WHERE "messageId" IS NULL AND "userId" = $1`, [owner.id]))
        .length,
    ).toBe(4);

    const empty = await upload("empty.txt", new Uint8Array());
    expect(empty.status).toBe(400);
  });

  it("handles hostile files with clear errors: archives, compressed bodies, broken PDFs, lying names", async () => {
    // A zip bomb: a ZIP is never opened.
    const zip = new Uint8Array(1024);
    zip.set([0x50, 0x4b, 0x03, 0x04]);
    const zipRes = await upload("bomb.zip", zip);
    expect(zipRes.status).toBe(415);
    expect((await zipRes.json()).message).toMatch(/ZIP archive/);
    const gz = await upload("bomb.txt", enc("aaaa"), { "Content-Encoding": "gzip" });
    expect(gz.status).toBe(415);

    const broken = await upload("broken.pdf", enc("%PDF-1.7\n1 0 obj << /Type /Catalog >>\n%%EOF garbage"));
    expect(broken.status).toBe(400);
    expect(await broken.json()).toMatchObject({ code: "bad_request:file_unreadable" });

    const liar = await upload("photo.png", enc("just some text"));
    expect(liar.status).toBe(415);
    expect((await liar.json()).message).toMatch(/named like a PNG image but its content is text/);

    const binary = await upload("data.bin", Uint8Array.from([0, 1, 2, 3, 255, 254, 0, 7]));
    expect(binary.status).toBe(415);

    const evil = await uploaded("../../etc/<img src=x onerror=alert(1)>\u202e.txt", enc("hello"));
    expect(evil.name).not.toMatch(/[/\\<>\u202e]/);
    expect(evil.name.endsWith(".txt")).toBe(true);
    const res = await get(evil.id);
    expect(res.headers.get("content-disposition")).toBe(
      `inline; filename*=UTF-8''${encodeURIComponent(evil.name)}`,
    );
    // An HTML file is served as plain text in a sandbox: never rendered, never run.
    const html = await uploaded("page.html", enc("<script>alert(1)</script>"));
    const htmlRes = await get(html.id);
    expect(htmlRes.headers.get("content-type")).toBe("text/plain; charset=utf-8");
    expect(await countOf("FileBlob")).toBe(2);
  });

  it("reads a PDF's text page by page", async () => {
    const pdf = await uploaded("report.pdf", makePdf(["Hello page one", "Totals (page two)"]));
    expect(pdf).toMatchObject({ mimeType: "application/pdf", kind: "pdf" });
    const { text } = await (await get(pdf.id, "/text")).json();
    expect(text).toBe("--- Page 1 ---\nHello page one\n\n--- Page 2 ---\nTotals (page two)");
    const raw = await get(pdf.id);
    expect(raw.headers.get("content-type")).toBe("application/pdf");
  });

  it("refuses PDF bombs with the reason, reading them off the request thread within a budget", async () => {
    // 64 MB of content in a ~160 kB file: refused before pdf.js parses it, nothing stored.
    const bomb = await upload("bomb.pdf", makePdfBomb({ pages: 1, contentBytes: 64 * 1024 * 1024 }));
    expect(bomb.status).toBe(400);
    expect(await bomb.json()).toMatchObject({
      code: "bad_request:file_unreadable",
      message:
        '"bomb.pdf" expands to more than 48 MB when unpacked, more than a PDF here may take; it was not read.',
    });
    expect(await countOf("FileBlob")).toBe(0);
    expect(pdfWorkersRunning()).toBe(0);

    // 300 pages parsing one shared 8 MB stream: stopped at the time budget (small here), the worker
    // terminated with it.
    const parseBomb = makePdfBomb({ pages: 300, contentBytes: 8 * 1024 * 1024 });
    const slow = pdfText(parseBomb, "pages.pdf", { ...PDF_BUDGET, timeoutMs: 300 });
    await expect(slow).rejects.toThrow(
      /^Reading "pages.pdf" took longer than 1 s, more than a PDF here may take/,
    );
    expect(pdfWorkersRunning()).toBe(0);
    // Within budget the same reader reads it (page budget: the first 2 pages, the rest named).
    const few = await pdfText(makePdfBomb({ pages: 3, contentBytes: 3000 }), "few.pdf", {
      ...PDF_BUDGET,
      maxPages: 2,
    });
    expect(few).toMatch(/^--- Page 1 ---\nx/);
    expect(few).toContain("[Pages 3–3 were not read.]");
  });

  it("deletes files with their conversation; bytes shared by hash stay while another message uses them", async () => {
    const agent = await makeAgent(owner.id, "Reader");
    const same = enc("shared content\n");
    const a = await uploaded("one.txt", same);
    const b = await uploaded("two.txt", same);
    expect(await countOf("FileBlob")).toBe(1);
    const first = metaOf(
      (await chat({ agentId: agent.id, text: "summarize the attached file", fileIds: [a.id] })).items,
    );
    const second = metaOf(
      (await chat({ agentId: agent.id, text: "summarize the attached file", fileIds: [b.id] })).items,
    );
    expect(first.conversationId).not.toBe(second.conversationId);

    const del = (id: string) =>
      conversationRoute.DELETE(
        new Request(`http://test/api/conversations/${id}`, { method: "DELETE" }),
        params(id),
      );
    expect((await del(first.conversationId)).status).toBe(200);
    expect(await countOf("Attachment")).toBe(1);
    expect(await countOf("FileBlob")).toBe(1);
    expect(await (await get(b.id)).text()).toBe("shared content\n");
    expect((await get(a.id)).status).toBe(404);

    expect((await del(second.conversationId)).status).toBe(200);
    expect(await countOf("Attachment")).toBe(0);
    expect(await countOf("FileBlob")).toBe(0);
  });

  it("the periodic sweep frees day-old uploads never sent and the bytes of a deleted account", async () => {
    const { sweepFiles } = await import("@/lib/files/cleanup");
    const old = await uploaded("old.txt", enc("left in a composer"));
    const fresh = await uploaded("fresh.txt", enc("about to be sent"));
    await query(`UPDATE "Attachment" SET "createdAt" = now() - interval '25 hours' WHERE id = $1`, [old.id]);
    session.userId = other.id;
    await uploaded("gone.txt", enc("an account that will be deleted"));
    const shared = await uploaded("shared.txt", enc("about to be sent"));
    session.userId = owner.id;
    await query(`DELETE FROM "User" WHERE id = $1`, [other.id]);

    // Freed: the old upload, and the bytes of the old upload and of the deleted account's file.
    expect(await sweepFiles()).toEqual({ pending: 1, blobs: 2 });
    expect((await get(old.id)).status).toBe(404);
    expect((await get(fresh.id)).status).toBe(200);
    expect((await get(shared.id)).status).toBe(404);
    // Left: the fresh upload's bytes (the deleted user's copy of them went, the bytes stay in use).
    expect(await query(`SELECT "sha256" FROM "FileBlob"`)).toHaveLength(1);
    expect(await sweepFiles()).toEqual({ pending: 0, blobs: 0 });
  });

  it("sends files with the message, keeps them on reload, regenerate and edit-and-resend", async () => {
    const seen: string[] = [];
    const agent = await makeAgent(owner.id, "Reader");
    setTestModelFactory(
      scriptedModelFactory({
        [agent.id]: (ctx: ScriptContext) => {
          seen.push(messageText(ctx.messages.at(-1)));
          return { text: "read it" };
        },
      }),
    );
    const file = await uploaded("notes.md", enc("# Plan\nShip files.\n"));
    const { items } = await chat({ agentId: agent.id, text: "what's in it?", fileIds: [file.id] });
    const meta = metaOf(items);
    expect(seen[0]).toContain('what\'s in it?<file name="notes.md" type="text/markdown" size="19">');
    expect(seen[0]).toContain("# Plan\nShip files.");

    const view = await conversationRoute.GET(new Request("http://test"), params(meta.conversationId));
    const { messages } = await view.json();
    const user = messages.find((m: { id: string }) => m.id === meta.userMessageId);
    expect(user.attachments).toEqual([
      { id: file.id, name: "notes.md", mimeType: "text/markdown", kind: "text", size: 19 },
    ]);

    await chat({
      agentId: agent.id,
      conversationId: meta.conversationId,
      regenerateMessageId: meta.userMessageId,
    });
    expect(seen[1]).toContain("Ship files.");

    // Edit and resend: the edited message carries the same file (a copy sharing the bytes).
    const { items: edited } = await chat({
      agentId: agent.id,
      conversationId: meta.conversationId,
      parentMessageId: null,
      text: "and now?",
      fileIds: [file.id],
    });
    expect(seen[2]).toContain("Ship files.");
    const rows = await query<{ messageId: string }>(
      `SELECT "messageId" FROM "Attachment" ORDER BY "createdAt"`,
    );
    expect(rows.map((r) => r.messageId)).toEqual([meta.userMessageId, metaOf(edited).userMessageId]);
    expect(await countOf("FileBlob")).toBe(1);
  });

  it("gives an isolated child exactly the files its parent passed, and the trace says which", async () => {
    const child = await makeAgent(owner.id, "Child");
    const root = await makeAgent(owner.id, "Root", delegating([child.id]));
    const childSaw: string[] = [];
    const hasToolResult = (ctx: ScriptContext) => ctx.messages.some((m) => m.getType() === "tool");
    setTestModelFactory(
      scriptedModelFactory({
        [root.id]: (ctx) =>
          hasToolResult(ctx)
            ? { text: "done" }
            : {
                toolCalls: [
                  {
                    name: SUBAGENT_TOOL_NAME,
                    args: { subagent_type: child.id, description: "count rows", files: ["b.csv"] },
                  },
                  {
                    name: SUBAGENT_TOOL_NAME,
                    args: { subagent_type: child.id, description: "nothing", files: ["missing.txt"] },
                  },
                ],
              },
        [child.id]: (ctx) => {
          childSaw.push(ctx.messages.map(messageText).join("\n"));
          return { text: "counted" };
        },
      }),
    );
    const a = await uploaded("a.txt", enc("alpha secret"));
    const b = await uploaded("b.csv", enc("x,y\n1,2\n"));
    const { items } = await chat({ agentId: root.id, text: "split the work", fileIds: [a.id, b.id] });
    const events = items.filter((i): i is RunEvent => i.type !== "meta");
    expect(childSaw).toHaveLength(1);
    expect(childSaw[0]).toContain('count rows<file name="b.csv" type="text/csv" size="8">\nx,y\n1,2\n');
    expect(childSaw[0]).not.toContain("alpha secret");
    const start = events.find((e) => e.type === "subagent_start");
    expect(start).toMatchObject({ files: ["b.csv"] });
    const unknown = events.find((e) => e.type === "tool_call_end" && e.error);
    expect(unknown).toMatchObject({ error: expect.stringContaining('Unknown file "missing.txt"') });
    // The stored trace keeps the files on the block.
    const [stored] = await query<{ parts: { content: { type: string; files?: string[] }[] } }>(
      `SELECT parts FROM "Message" WHERE id = $1`,
      [metaOf(items).assistantMessageId],
    );
    expect(stored.parts.content.find((n) => n.type === "subagent")?.files).toEqual(["b.csv"]);
  });

  it("sends an image to OpenAI and Anthropic endpoints in their protocols' image formats", async () => {
    const base64 = Buffer.from(TINY_PNG).toString("base64");
    const openai = await startFakeOpenAIServer({ port: 3501, script: [{ text: "a red dot" }] });
    const anthropic = await startFakeAnthropicServer({ port: 3502, script: [{ text: "a red dot" }] });
    try {
      for (const [protocol, server, model] of [
        ["openai", openai, "fake-model"],
        ["anthropic", anthropic, "claude-fake"],
      ] as const) {
        const endpoint = await createEndpoint({
          input: {
            name: `Fake ${protocol}`,
            protocol,
            baseURL: server.url,
            apiKey: "sk-fake",
            models: [model],
            restricted: false,
            allowUserKeys: false,
            allowedUserIds: [],
          },
        });
        const agent = await createAgent({
          userId: owner.id,
          input: { name: `Vision ${protocol}`, provider: endpoint.id, model },
        });
        const image = await uploaded("dot.png", TINY_PNG);
        const { items } = await chat({ agentId: agent.id, text: "What is this?", fileIds: [image.id] });
        expect(items.at(-1)).toMatchObject({ type: "run_end", status: "completed" });
      }
      const openaiUser = openai.requests.at(-1)?.body.messages.at(-1);
      expect(openaiUser.role).toBe("user");
      expect(openaiUser.content).toContainEqual({
        type: "image_url",
        image_url: { url: `data:image/png;base64,${base64}` },
      });
      const anthropicUser = anthropic.requests.at(-1)?.body.messages.at(-1);
      expect(anthropicUser.role).toBe("user");
      expect(anthropicUser.content).toContainEqual(
        expect.objectContaining({
          type: "image",
          source: { type: "base64", media_type: "image/png", data: base64 },
        }),
      );
      expect(JSON.stringify(anthropicUser.content)).toContain(
        '<file name=\\"dot.png\\" type=\\"image/png\\"',
      );
    } finally {
      await openai.close();
      await anthropic.close();
    }
  });

  it("tells the demo model (text only) that an image was not sent", async () => {
    const agent = await makeAgent(owner.id, "Reader");
    const image = await uploaded("dot.png", TINY_PNG);
    const { items } = await chat({
      agentId: agent.id,
      text: "Describe the attached image",
      fileIds: [image.id],
    });
    const text = items
      .filter((i): i is Extract<RunEvent, { type: "text_delta" }> => i.type === "text_delta")
      .map((e) => e.text)
      .join("");
    expect(text).toMatch(
      /\*\*dot\.png\*\* is an image \(image\/png, \d+ B\)\. The demo model reads text only/,
    );
  });

  it("never answers 500 to random bytes under random names", async () => {
    // Deterministic pseudo-random input (xorshift), so a failure can be replayed.
    let seed = 0x2545f491;
    const rand = (n: number) => {
      seed ^= seed << 13;
      seed ^= seed >>> 17;
      seed ^= seed << 5;
      return (seed >>> 0) % n;
    };
    const magics = [
      [],
      [0x25, 0x50, 0x44, 0x46, 0x2d],
      [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a],
      [0xff, 0xd8, 0xff],
      [0x50, 0x4b, 0x03, 0x04],
      [0xef, 0xbb, 0xbf],
    ];
    const names = [
      "a.txt",
      "x.pdf",
      "y.png",
      "%ZZ%",
      "%ED%A0%80.txt",
      "..",
      "con.csv",
      "%00.json",
      "%F0%9F%99%82.md",
      "a/b\\c.txt",
    ];
    for (let i = 0; i < 40; i++) {
      const magic = magics[rand(magics.length)];
      const bytes = new Uint8Array(magic.length + rand(3000));
      bytes.set(magic);
      for (let j = magic.length; j < bytes.length; j++) bytes[j] = rand(4) === 0 ? rand(256) : 32 + rand(95);
      const res = await filesRoute.POST(
        new Request("http://test/api/files", {
          method: "POST",
          headers: { "X-File-Name": names[rand(names.length)] },
          body: bytes as Uint8Array<ArrayBuffer>,
        }),
      );
      expect(res.status, `case ${i}`).toBeLessThan(500);
      if (res.status === 201) {
        const { name } = await res.json();
        expect(name).not.toMatch(/[/\\]/);
        expect(name.includes(String.fromCharCode(0))).toBe(false);
      }
    }
  });

  it("a forked child sees the conversation's files without being passed any", async () => {
    const child = await makeAgent(owner.id, "Forked");
    const root = await makeAgent(owner.id, "Root", {
      subagents: {
        enabled: true,
        allowSelf: false,
        selfMode: "isolated",
        children: [{ id: child.id, mode: "fork" }],
      },
    });
    const childSaw: string[] = [];
    const hasToolResult = (ctx: ScriptContext) => ctx.messages.some((m) => m.getType() === "tool");
    setTestModelFactory(
      scriptedModelFactory({
        [root.id]: (ctx) =>
          hasToolResult(ctx)
            ? { text: "done" }
            : {
                toolCalls: [
                  { name: SUBAGENT_TOOL_NAME, args: { subagent_type: child.id, description: "look" } },
                ],
              },
        [child.id]: (ctx) => {
          childSaw.push(ctx.messages.map(messageText).join("\n"));
          return { text: "seen" };
        },
      }),
    );
    const a = await uploaded("a.txt", enc("alpha"));
    const { items } = await chat({ agentId: root.id, text: "fork it", fileIds: [a.id] });
    expect(childSaw[0]).toContain('<file name="a.txt" type="text/plain" size="5">\nalpha\n</file>');
    expect(items.find((e) => e.type === "subagent_start")).toMatchObject({ mode: "fork", files: ["a.txt"] });
  });
});
