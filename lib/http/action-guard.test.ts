import { NextRequest } from "next/server";
import { describe, expect, it } from "vitest";
import { proxy } from "@/proxy";

// proxy.ts in front of server actions: Next.js itself would answer these requests with 500.
const ACTION = { "next-action": "7f0123456789abcdef", host: "app.test", origin: "http://app.test" };

function post(body: BodyInit, headers: Record<string, string> = {}) {
  return new NextRequest("http://app.test/agents", {
    method: "POST",
    headers: { ...ACTION, "content-type": "text/plain;charset=UTF-8", ...headers },
    body,
  });
}

async function refusal(res: Response): Promise<[number, string] | "passed"> {
  if (res.headers.get("x-middleware-next") === "1") return "passed";
  return [res.status, (await res.json()).code];
}

describe("proxy: server action requests", () => {
  it("let a well-formed same-origin call through, as text or as multipart", async () => {
    expect(await refusal(await proxy(post('[{"id":"a","name":"😀"}]')))).toBe("passed");
    const form = new FormData();
    form.set("0", '["$K1"]');
    form.set("1_group", "rates");
    const multipart = new NextRequest("http://app.test/admin", {
      method: "POST",
      headers: ACTION,
      body: form,
    });
    expect(await refusal(await proxy(multipart))).toBe("passed");
    expect(await refusal(await proxy(new NextRequest("http://app.test/agents")))).toBe("passed");
    // As Chromium sends a form action: the boundary has upper-case letters.
    const b = "----WebKitFormBoundary1bgn3E9ZIaDvpvMF";
    const part = (name: string, value: string) =>
      `--${b}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`;
    const browserForm = new NextRequest("http://app.test/register", {
      method: "POST",
      headers: { ...ACTION, "content-type": `multipart/form-data; boundary=${b}` },
      body: `${part("_1_$ACTION_1:1", "[{}]")}${part("_1_name", "Probe")}${part("0", '[{},"$K1"]')}--${b}--\r\n`,
    });
    expect(await refusal(await proxy(browserForm))).toBe("passed");
  });

  it("refuse another origin with 403", async () => {
    expect(await refusal(await proxy(post("[]", { origin: "https://evil.test" })))).toEqual([
      403,
      "forbidden:origin",
    ]);
  });

  it("refuse bodies over 1 MB with 413, declared or not", async () => {
    const big = `["${"x".repeat(1024 * 1024)}"]`;
    expect(await refusal(await proxy(post(big)))).toEqual([413, "payload_too_large"]);
    const stream = new ReadableStream({
      start(c) {
        c.enqueue(new TextEncoder().encode(big));
        c.close();
      },
    });
    const chunked = new NextRequest("http://app.test/agents", {
      method: "POST",
      headers: { ...ACTION, "content-type": "text/plain" },
      body: stream,
      duplex: "half",
    } as ConstructorParameters<typeof NextRequest>[1] & { duplex: "half" });
    expect(await refusal(await proxy(chunked))).toEqual([413, "payload_too_large"]);
  });

  it("refuse unreadable bodies and text PostgreSQL can't store with 400", async () => {
    expect(await refusal(await proxy(post("{not json")))).toEqual([400, "bad_request:action"]);
    expect(await refusal(await proxy(post('["a\\u0000b"]')))).toEqual([400, "bad_request:text"]);
    expect(await refusal(await proxy(post('[{"name":"\\ud800"}]')))).toEqual([400, "bad_request:text"]);
    const form = new FormData();
    form.set("0", '["$K1"]');
    form.set("1_name", "a\u0000");
    const multipart = new NextRequest("http://app.test/admin", {
      method: "POST",
      headers: ACTION,
      body: form,
    });
    expect(await refusal(await proxy(multipart))).toEqual([400, "bad_request:text"]);
    const broken = new FormData();
    broken.set("0", "[not json");
    const brokenReq = new NextRequest("http://app.test/admin", {
      method: "POST",
      headers: ACTION,
      body: broken,
    });
    expect(await refusal(await proxy(brokenReq))).toEqual([400, "bad_request:action"]);
  });

  it("refuse page addresses with NUL or broken Unicode with 400, and serve others", async () => {
    expect(await refusal(await proxy(new NextRequest("http://app.test/chat/%00")))).toEqual([
      400,
      "bad_request:text",
    ]);
    expect(await refusal(await proxy(new NextRequest("http://app.test/agents?q=a%00")))).toEqual([
      400,
      "bad_request:text",
    ]);
    expect(await refusal(await proxy(new NextRequest("http://app.test/chat/%E0%A4%A")))).toEqual([
      400,
      "bad_request:address",
    ]);
    expect(await refusal(await proxy(new NextRequest("http://app.test/chat/%F0%9F%98%80")))).toBe("passed");
  });

  it("refuse references to parts the body doesn't have (React's reply format), accept values", async () => {
    for (const missing of ['["$1"]', '[{"a":"$@2"}]', '["$Q3"]', '["$h1:0"]', '["$B4"]', '["$zz"]']) {
      expect(await refusal(await proxy(post(missing))), missing).toEqual([400, "bad_request:action"]);
    }
    const values = '["$$1", "$undefined", "$D2020-01-01T00:00:00.000Z", "$n12", "$K1", "$-0", "$NaN", "$@0"]';
    expect(await refusal(await proxy(post(values)))).toBe("passed");
    const form = new FormData();
    form.set("0", '["$1", "$Q2"]');
    form.set("1", '{"a":1}');
    form.set("2", "[]");
    const withParts = new NextRequest("http://app.test/x", { method: "POST", headers: ACTION, body: form });
    expect(await refusal(await proxy(withParts))).toBe("passed");
    form.set("0", '["$1", "$Q3"]');
    const missingPart = new NextRequest("http://app.test/x", { method: "POST", headers: ACTION, body: form });
    expect(await refusal(await proxy(missingPart))).toEqual([400, "bad_request:action"]);
  });
});
