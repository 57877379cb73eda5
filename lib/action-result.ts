// What every server action answers: its data, or a typed error (the AppError code, a sentence for
// the user and messages per form field). Forms and buttons read this one shape; tests assert codes.
import { unstable_rethrow } from "next/navigation";
import { type ErrorCode, errorBody } from "./errors";
import { assertCleanInput } from "./http/clean-input";
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

export function failed(
  code: ErrorCode,
  message: string,
  fields?: Record<string, string>,
): ActionResult<never> {
  return { ok: false, error: fields ? { code, message, fields } : { code, message } };
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
    assertCleanInput(inputs, "The form");
    return await body();
  } catch (err) {
    unstable_rethrow(err);
    const typed = typedFailure(err, { requestId, where: "server action" });
    const { code, message, fields, retryAfter } = errorBody(typed);
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
