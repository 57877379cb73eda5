import { createServer, type Server, type Socket } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { boundedFetch } from "./bounded-fetch";

describe("requests to a sign-in provider", () => {
  // Accepts connections and never answers, like a provider that hangs.
  const sockets = new Set<Socket>();
  let silent: Server;
  let port = 0;
  beforeAll(async () => {
    silent = createServer((s) => {
      sockets.add(s);
      s.on("error", () => {});
    });
    await new Promise<void>((resolve) => silent.listen(0, "127.0.0.1", resolve));
    port = (silent.address() as { port: number }).port;
  });
  afterAll(() => {
    for (const s of sockets) s.destroy();
    silent.close();
  });

  it("end with a TimeoutError instead of waiting for the socket", async () => {
    await expect(
      boundedFetch(300)(`http://127.0.0.1:${port}/.well-known/openid-configuration`),
    ).rejects.toMatchObject({ name: "TimeoutError" });
  });

  it("still honour the caller's own abort", async () => {
    const caller = new AbortController();
    const pending = boundedFetch(60_000)(`http://127.0.0.1:${port}/token`, { signal: caller.signal });
    caller.abort();
    await expect(pending).rejects.toMatchObject({ name: "AbortError" });
  });
});
