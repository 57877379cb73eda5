// What a request that failed answers: typed errors as they are; a database that can't be reached
// as 503; anything else is logged once, with the request id, and answered with a generic 500 that
// carries the same id (so a user's report can be matched with the log line).
import { randomUUID } from "node:crypto";
import { isDatabaseUnavailable } from "@/lib/db/client";
import { AppError, codeOf } from "@/lib/errors";

export function newRequestId(): string {
  return randomUUID();
}

/**
 * The typed error to answer with. Unknown errors are logged here (once: callers answer with the
 * result and never log again) with the request id, the error's name and the route or action.
 */
export function typedFailure(err: unknown, { requestId, where }: { requestId: string; where: string }) {
  if (codeOf(err) !== "internal") return err;
  if (isDatabaseUnavailable(err)) {
    console.error(JSON.stringify({ level: "warn", msg: "database unavailable", requestId, where }));
    return new AppError("unavailable:database");
  }
  const name = err instanceof Error ? err.name : typeof err;
  const code = (err as { code?: unknown })?.code;
  console.error(
    JSON.stringify({
      level: "error",
      msg: "unexpected error",
      requestId,
      where,
      error: name,
      ...(typeof code === "string" ? { errorCode: code } : {}),
      // Frames only: the first line of a stack is the message, which may quote user data.
      at:
        err instanceof Error
          ? err.stack
              ?.split("\n")
              .map((l) => l.trim())
              .filter((l) => l.startsWith("at "))
              .slice(0, 5)
          : undefined,
    }),
  );
  return new AppError("internal");
}
