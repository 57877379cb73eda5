// Typed errors shared by server and client. A code like `forbidden:agent` maps to an HTTP status
// and a sentence a user understands; tests assert on codes, never on message strings.
export type ErrorType =
  | "bad_request"
  | "unauthorized"
  | "forbidden"
  | "not_found"
  | "rate_limit"
  | "limit"
  | "conflict"
  | "provider"
  | "unavailable"
  | "internal";

export type ErrorCode = `${ErrorType}:${string}` | ErrorType;

const STATUS: Record<ErrorType, number> = {
  bad_request: 400,
  unauthorized: 401,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  rate_limit: 429,
  limit: 422,
  provider: 502,
  unavailable: 503,
  internal: 500,
};

export class AppError extends Error {
  readonly code: ErrorCode;
  readonly status: number;
  /** Field-level messages for forms (field name → message). */
  readonly fields?: Record<string, string>;
  /** Seconds after which a retry may succeed (rate limits). */
  readonly retryAfter?: number;

  constructor(
    code: ErrorCode,
    message: string,
    extra: { fields?: Record<string, string>; retryAfter?: number; cause?: unknown } = {},
  ) {
    super(message, { cause: extra.cause });
    this.name = "AppError";
    this.code = code;
    this.status = STATUS[code.split(":")[0] as ErrorType] ?? 500;
    this.fields = extra.fields;
    this.retryAfter = extra.retryAfter;
  }

  toJSON() {
    return { code: this.code, message: this.message, fields: this.fields, retryAfter: this.retryAfter };
  }
}

export function isAppError(err: unknown): err is AppError {
  return err instanceof AppError;
}

/** JSON body of an error response; never carries a stack trace or internal detail. */
export function errorBody(err: unknown): {
  code: ErrorCode;
  message: string;
  fields?: Record<string, string>;
  retryAfter?: number;
} {
  if (isAppError(err)) return err.toJSON();
  const code = (err as { code?: unknown })?.code;
  if (typeof code === "string" && /^[a-z_]+:[a-z_]+$/.test(code)) {
    return { code: code as ErrorCode, message: (err as Error).message };
  }
  return { code: "internal", message: "Something went wrong on our side. Please try again." };
}

export function errorResponse(err: unknown): Response {
  const body = errorBody(err);
  const status = isAppError(err) ? err.status : (STATUS[body.code.split(":")[0] as ErrorType] ?? 500);
  const headers: Record<string, string> = {};
  if (body.retryAfter) headers["Retry-After"] = String(Math.ceil(body.retryAfter));
  return Response.json(body, { status, headers });
}
