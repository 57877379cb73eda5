// What every server action answers: its data, or a typed error (the AppError code, a sentence for
// the user and messages per form field). Forms and buttons read this one shape; tests assert codes.
import { unstable_rethrow } from "next/navigation";
import { type ErrorCode, errorBody } from "./errors";

interface ActionError {
  code: ErrorCode;
  message: string;
  /** Field name → message, shown next to the field. */
  fields?: Record<string, string>;
  /** Seconds after which a retry may succeed (rate limits). */
  retryAfter?: number;
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
 * with its code) into a failed result. Next.js' own control flow (notFound for non-admins,
 * redirects) passes through; anything else is logged and answered with a generic `internal` error,
 * never with its text.
 */
export async function runAction<T>(body: () => Promise<ActionResult<T>>): Promise<ActionResult<T>> {
  try {
    return await body();
  } catch (err) {
    unstable_rethrow(err);
    const { code, message, fields, retryAfter } = errorBody(err);
    if (code === "internal") {
      const kind = err instanceof Error ? err.name : typeof err;
      console.error(JSON.stringify({ level: "error", msg: "server action failed", error: kind }));
    }
    return {
      ok: false,
      error: { code, message, ...(fields ? { fields } : {}), ...(retryAfter ? { retryAfter } : {}) },
    };
  }
}
