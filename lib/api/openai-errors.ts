import { type ErrorCode, statusOf, typeOfCode } from "@/lib/errors";
import { errorBody } from "@/lib/http/error-body";

// The one mapping from the app's error codes (lib/errors.ts) to OpenAI's error shape
// {"error":{"message","type","code","param"}}: official clients pick their typed error from the
// status (401 AuthenticationError, 403 PermissionDeniedError, 404 NotFoundError, 429
// RateLimitError), and programs read `code`. Messages are the English catalog sentences.

export interface OpenAiError {
  status: number;
  type: string;
  code: string;
  param: string | null;
}

const BALANCE = /^limit:balance/;

export function openAiErrorOf(code: ErrorCode | string): OpenAiError {
  const type = typeOfCode(code);
  if (code.startsWith("unauthorized"))
    return { status: 401, type: "invalid_request_error", code: "invalid_api_key", param: null };
  if (code === "not_found:agent" || code === "forbidden:agent" || code === "forbidden:api_key_agent") {
    const status = code === "not_found:agent" ? 404 : 403;
    return {
      status,
      type: "invalid_request_error",
      code: status === 404 ? "model_not_found" : "model_not_allowed",
      param: "model",
    };
  }
  if (BALANCE.test(code))
    return { status: 429, type: "insufficient_quota", code: "insufficient_quota", param: null };
  if (type === "rate_limit")
    return { status: 429, type: "rate_limit_error", code: "rate_limit_exceeded", param: null };
  const status = statusOf(code);
  if (status >= 500) return { status, type: "server_error", code: code.replace(":", "."), param: null };
  return { status, type: "invalid_request_error", code: code.replace(":", "."), param: null };
}

/** An error as OpenAI-compatible JSON, with Retry-After for rate limits; never a stack or a key. */
export async function openAiErrorResponse(
  err: unknown,
  requestId: string,
  param?: string,
): Promise<Response> {
  const body = await errorBody(err, "en");
  const mapped = openAiErrorOf(body.code);
  const headers: Record<string, string> = { "X-Request-Id": requestId };
  if (mapped.status === 429) headers["Retry-After"] = String(Math.max(1, Math.ceil(body.retryAfter ?? 1)));
  return Response.json(
    {
      error: {
        message: body.message,
        type: mapped.type,
        code: mapped.code,
        // A refused request names its bad parameter (the first field of a validation error).
        param: param ?? Object.keys(body.fields ?? {})[0] ?? mapped.param,
      },
    },
    { status: mapped.status, headers },
  );
}
