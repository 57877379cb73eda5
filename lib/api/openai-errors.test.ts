import { describe, expect, it } from "vitest";
import { AppError } from "@/lib/errors";
import { openAiErrorOf, openAiErrorResponse } from "./openai-errors";

describe("OpenAI error shape", () => {
  it("maps the app's codes to the statuses and codes OpenAI clients expect", () => {
    expect(openAiErrorOf("unauthorized:api_key")).toMatchObject({ status: 401, code: "invalid_api_key" });
    expect(openAiErrorOf("forbidden:api_access").status).toBe(403);
    expect(openAiErrorOf("not_found:agent")).toMatchObject({
      status: 404,
      code: "model_not_found",
      param: "model",
    });
    expect(openAiErrorOf("rate_limit:concurrent_runs")).toMatchObject({
      status: 429,
      code: "rate_limit_exceeded",
    });
    expect(openAiErrorOf("limit:balance")).toMatchObject({ status: 429, code: "insufficient_quota" });
    expect(openAiErrorOf("bad_request:json")).toMatchObject({ status: 400, type: "invalid_request_error" });
    expect(openAiErrorOf("internal")).toMatchObject({ status: 500, type: "server_error" });
  });

  it("answers 429 with Retry-After and the English sentence, never a key", async () => {
    const res = await openAiErrorResponse(
      new AppError("rate_limit:concurrent_runs", { values: { running: 2, limit: 2 }, retryAfter: 4.2 }),
      "req-1",
    );
    expect(res.status).toBe(429);
    expect(res.headers.get("Retry-After")).toBe("5");
    const body = await res.json();
    expect(body).toEqual({
      error: {
        message: expect.stringContaining("2 answers running"),
        type: "rate_limit_error",
        code: "rate_limit_exceeded",
        param: null,
      },
    });
  });
});
