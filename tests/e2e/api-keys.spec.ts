import { execFile } from "node:child_process";
import { promisify } from "node:util";
import { expect, registerNewUser, screenshot, test } from "./fixtures";

/** `curl -N` (no buffering), headers then body as they arrived: the raw wire, not a client's view. */
async function curlStream(url: string, secret: string, body: unknown): Promise<string> {
  const { stdout } = await promisify(execFile)(
    "curl",
    [
      "-N",
      "-sS",
      "-D",
      "-",
      "-H",
      `Authorization: Bearer ${secret}`,
      "-H",
      "Content-Type: application/json",
    ].concat(["--data-binary", JSON.stringify(body), "--max-time", "60", url]),
    { maxBuffer: 16 * 1024 * 1024 },
  );
  return stdout;
}

// Settings → API keys: a key is created and shown once, lists the user's agents at /v1/models
// (a program's request: a bearer key, no cookie, no Origin), runs the starter team's lead through
// /v1/chat/completions (its conversation then shows in the chat list, marked API), and is refused
// once revoked.
test("create an API key, use it against /v1/models, revoke it", async ({ browser, playwright }) => {
  const { page } = await registerNewUser(browser, { name: "Api User", tag: "api-keys" });
  await page.goto("/settings");
  await page.getByTestId("api-keys-link").click();
  await expect(page.getByTestId("api-keys-title")).toHaveText("API keys");
  const form = page.getByTestId("api-key-create");
  await form.getByLabel("Name").fill("e2e script");
  await form.getByLabel("Expires after").selectOption({ label: "7 days" });
  await form.getByTestId("api-key-submit").click();
  const secret = (await page.getByTestId("api-key-secret").textContent())?.trim() ?? "";
  expect(secret).toMatch(/^dc_[A-Za-z0-9_-]{43}$/);
  const row = page.getByTestId("api-key-row").filter({ hasText: "e2e script" });
  await expect(row.getByTestId("api-key-status")).toHaveText("Active");
  // The secret is shown once: a reload shows only its prefix.
  await page.reload();
  await expect(page.getByTestId("api-key-secret")).toHaveCount(0);
  await expect(page.getByText(secret)).toHaveCount(0);

  // A program: a fresh request context without the browser's cookies.
  const api = await playwright.request.newContext({ baseURL: new URL(page.url()).origin });
  const listed = await api.get("/v1/models", { headers: { Authorization: `Bearer ${secret}` } });
  expect(listed.status()).toBe(200);
  const body = await listed.json();
  expect(body.object).toBe("list");
  expect(body.data.length).toBeGreaterThan(0);
  expect(body.data[0]).toMatchObject({ object: "model" });
  // A GET never writes: listing the models leaves the key "never used".
  await page.reload();
  await expect(row).toContainText("Never used");

  // The starter team's lead answers through /v1/chat/completions, subagents included; the
  // conversation is in the chat list, marked as API.
  const lead = body.data.find((m: { name: string }) => m.name === "Team Lead");
  const answered = await api.post("/v1/chat/completions", {
    headers: { Authorization: `Bearer ${secret}` },
    data: { model: lead.id, messages: [{ role: "user", content: "1. Compute 2 * 3\n2. What time is it?" }] },
  });
  expect(answered.status()).toBe(200);
  const completion = await answered.json();
  expect(completion).toMatchObject({ object: "chat.completion", choices: [{ finish_reason: "stop" }] });
  expect(completion.trace.filter((t: { depth: number }) => t.depth === 1)).toHaveLength(2);
  // Running an agent is a use of the key.
  await page.reload();
  await expect(row).toContainText("Last used");

  // The raw SSE framing, read by curl -N: `data: <json>` events, each ended by a blank line, the
  // root's text in standard chunks, the subagents' events in chunks of their own, usage last, [DONE].
  const raw = await curlStream(new URL("/v1/chat/completions", page.url()).href, secret, {
    model: lead.id,
    stream: true,
    stream_options: { include_usage: true },
    messages: [{ role: "user", content: "1. Compute 4 * 5\n2. What time is it?" }],
  });
  const [head, wire] = raw.split("\r\n\r\n", 2);
  expect(head).toMatch(/^HTTP\/1\.1 200/);
  expect(head).toMatch(/\r\ncontent-type: text\/event-stream/i);
  expect(wire.endsWith("data: [DONE]\n\n")).toBe(true);
  const events = wire.split("\n\n").filter(Boolean);
  for (const event of events) expect(event).toMatch(/^data: /);
  const chunks = events.slice(0, -1).map((e) => JSON.parse(e.slice("data: ".length)));
  for (const chunk of chunks) expect(chunk.object).toBe("chat.completion.chunk");
  const text = chunks.map((c) => c.choices?.[0]?.delta?.content ?? "").join("");
  expect(text).toContain("20");
  expect(chunks.filter((c) => c.choices?.[0]?.finish_reason === "stop")).toHaveLength(1);
  const starts = chunks.filter((c) => c.agent_event?.type === "subagent_start");
  expect(starts.map((c) => c.choices)).toEqual([[], []]);
  expect(chunks.at(-1)).toMatchObject({ choices: [], usage: { total_tokens: expect.any(Number) } });

  await row.getByTestId("api-key-revoke").click();
  await expect(row.getByTestId("api-key-status")).toHaveText("Revoked");
  const refused = await api.get("/v1/models", { headers: { Authorization: `Bearer ${secret}` } });
  expect(refused.status()).toBe(401);
  expect((await refused.json()).error).toMatchObject({
    code: "invalid_api_key",
    type: "invalid_request_error",
  });
  await api.dispose();

  await page.goto("/chat");
  const item = page.getByTestId("conversation-item").filter({ hasText: "1. Compute 2 * 3" });
  await expect(item.getByTestId("conversation-api-marker")).toHaveText("API");
  await item.getByRole("link").click();
  await expect(page.getByTestId("subagent-block")).toHaveCount(2);

  // A key for a nightly job keeps its conversations out of the chat list (still stored).
  await page.goto("/settings/api-keys");
  await form.getByLabel("Name").fill("nightly job");
  await form.getByLabel("Show its conversations in my chat list").uncheck();
  await form.getByTestId("api-key-submit").click();
  const quiet = (await page.getByTestId("api-key-secret").textContent())?.trim() ?? "";
  const quietRow = page.getByTestId("api-key-row").filter({ hasText: "nightly job" });
  await expect(quietRow).toContainText("Conversations kept out of your chat list");
  await expect(row).toContainText("Conversations in your chat list");
  await screenshot(page, "api-keys-unlisted");
  const nightly = await playwright.request.newContext({ baseURL: new URL(page.url()).origin });
  const ran = await nightly.post("/v1/chat/completions", {
    headers: { Authorization: `Bearer ${quiet}` },
    data: { model: lead.id, messages: [{ role: "user", content: "Compute 7 * 8 for the nightly report" }] },
  });
  expect(ran.status()).toBe(200);
  expect((await ran.json()).choices[0].message.content).toContain("56");
  await nightly.dispose();
  await page.goto("/chat");
  await expect(page.getByTestId("conversation-item").filter({ hasText: "1. Compute 2 * 3" })).toHaveCount(1);
  await expect(page.getByTestId("conversation-item").filter({ hasText: "nightly report" })).toHaveCount(0);
});
