// What every server action answers: its data, or a typed error (the AppError code, a sentence for
// the user and messages per form field). Forms and buttons read this one shape; tests assert codes.
import { unstable_rethrow } from "next/navigation";
import { AppError, type ErrorCode, type ErrorText, type FieldText } from "./errors";
import { assertCleanInput } from "./http/clean-input";
import { errorBody, requestErrorLocale } from "./http/error-body";
import { newRequestId, typedFailure } from "./http/failure";

interface ActionError {
  code: ErrorCode;
  message: string;
  /** Field name → message, shown next to the field. */
  fields?: Record<string, string>;
  /** Seconds after which a retry may succeed (rate limits). */
  retryAfter?: number;
  /** For unexpected errors: the id of the log line, to quote when reporting the problem. */
  requestId?: string;
}

export type ActionResult<T = null> =
  | { ok: true; data: T /** What to tell the user, e.g. "Saved." */; message?: string }
  | { ok: false; error: ActionError };

export function succeeded<T>(data: T, message?: string): ActionResult<T> {
  return message === undefined ? { ok: true, data } : { ok: true, data, message };
}

/**
 * A refusal as a result: thrown as an AppError (`runAction` writes it in the request's language).
 * `failed(code)` says the code's catalog sentence; `failed(code, text("…", values), fields)` another.
 */
export function failed(
  code: ErrorCode,
  message?: ErrorText | string,
  fields?: Record<string, FieldText>,
): never {
  // A string is the old form's literal sentence (kept working while call sites move to the catalog).
  if (typeof message === "string") throw new AppError(code, message, { fields });
  throw new AppError(code, { key: message?.key, values: message?.values, fields });
}

/**
 * Runs an action's body and turns a thrown typed error (AppError, or a provider or secret error
 * with its code) into a failed result. `inputs` are the action's raw arguments: text with NUL
 * characters or broken Unicode, or too deep a structure, is refused (`bad_request:*`) before the
 * body runs. Next.js' own control flow (notFound for non-admins, redirects) passes through; a
 * database that can't be reached answers `unavailable:database`; anything else is logged once with
 * a request id and answered with a generic `internal` error carrying that id, never with its text.
 */
export async function runAction<T>(
  body: () => Promise<ActionResult<T>>,
  ...inputs: unknown[]
): Promise<ActionResult<T>> {
  const requestId = newRequestId();
  try {
    assertCleanInput(inputs, "form");
    return await body();
  } catch (err) {
    unstable_rethrow(err);
    const typed = typedFailure(err, { requestId, where: "server action" });
    const { code, message, fields, retryAfter } = await errorBody(typed, await requestErrorLocale());
    return {
      ok: false,
      error: {
        code,
        message,
        ...(fields ? { fields } : {}),
        ...(retryAfter ? { retryAfter } : {}),
        ...(code === "internal" ? { requestId } : {}),
      },
    };
  }
}
