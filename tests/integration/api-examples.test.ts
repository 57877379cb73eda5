// The docs page's Node example (lib/api/examples.ts) works as written: its very text runs in a
// separate Node process with the official openai package and DELEGATE_API_KEY, against the app's
// routes served over HTTP, and prints the agent's answer from the offline demo model.
import { execFile } from "node:child_process";
import { rm, writeFile } from "node:fs/promises";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { join } from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { POST as completions } from "@/app/v1/chat/completions/route";
import { GET as models } from "@/app/v1/models/route";
import { apiExamples } from "@/lib/api/examples";
import { createApiKey } from "@/lib/api/keys";
import { setTestModelFactory } from "@/lib/chat/test-hooks";
import { getConversationWithMessages, listConversations } from "@/lib/db/conversations";
import { makeAgent, makeUser } from "../helpers/chat-fixtures";
import { resetDatabase } from "../helpers/reset-db";

process.env.DEMO_TOKEN_DELAY_MS = "0";

/** The app's /v1 routes over real HTTP, as Next.js hands requests to them. */
function serve(): Promise<Server> {
  const server = createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    const url = `http://127.0.0.1${req.url}`;
    const headers = new Headers();
    for (const [k, v] of Object.entries(req.headers)) if (typeof v === "string") headers.set(k, v);
    const request = new Request(url, {
      method: req.method,
      headers,
      body: req.method === "GET" ? undefined : Buffer.concat(chunks),
    });
    const path = new URL(url).pathname;
    const answer =
      path === "/v1/chat/completions"
        ? await completions(request)
        : path === "/v1/models"
          ? await models(request)
          : new Response("no route", { status: 404 });
    res.writeHead(answer.status, Object.fromEntries(answer.headers));
    res.end(Buffer.from(await answer.arrayBuffer()));
  });
  return new Promise((resolve) => server.listen(0, "127.0.0.1", () => resolve(server)));
}

describe("the docs page's examples", () => {
  let server: Server;
  const file = join(process.cwd(), `.api-example-${process.pid}.mjs`);

  beforeAll(async () => {
    setTestModelFactory(undefined);
    server = await serve();
  });
  afterAll(async () => {
    server.close();
    await rm(file, { force: true });
  });

  it("the Node example prints the agent's answer, as the chat stores it", async () => {
    await resetDatabase();
    const ann = await makeUser("Ann");
    const agent = await makeAgent(ann.id, "Calculator", { description: "Computes arithmetic" });
    const { secret } = await createApiKey({
      userId: ann.id,
      input: { name: "docs", expiresInDays: 0, agentIds: [] },
    });
    const { port } = server.address() as AddressInfo;
    const { node } = apiExamples({ baseUrl: `http://127.0.0.1:${port}`, model: agent.id });
    await writeFile(file, node);
    const { stdout } = await promisify(execFile)(process.execPath, [file], {
      env: { PATH: process.env.PATH ?? "", NODE_ENV: "production", DELEGATE_API_KEY: secret },
    });
    const printed = stdout.trim();
    // The question is 1234 * 5678: the demo's arithmetic answers it exactly.
    expect(printed).toContain("7006652");
    // The conversation is in Ann's list, and its answer is exactly what the example printed.
    const [conversation] = await listConversations({ userId: ann.id });
    const stored = await getConversationWithMessages({ id: conversation.id, userId: ann.id });
    expect(stored?.messages.find((m) => m.role === "ASSISTANT")?.content.trim()).toBe(printed);
  });
});
