/**
 * Tool calls update the same stored status as Refresh does (one status per server): a call that
 * finds the server gone marks it "error", one that gets an answer marks it "connected" again.
 * Timeouts and protocol errors say nothing about reachability and leave it as it is.
 */
import { saveMcpServerStatus } from "@/lib/db/mcp-servers";
import type { McpToolError } from "./errors";

export function recordCallOutcome(serverId: string, failure: McpToolError | null): void {
  const write =
    failure === null
      ? saveMcpServerStatus({ id: serverId, status: "connected", lastError: null })
      : failure.failure === "unavailable" || failure.failure === "transport"
        ? saveMcpServerStatus({
            id: serverId,
            status: "error",
            lastError: failure.statusText ?? failure.message,
          })
        : undefined;
  // A status write must never fail the call it describes.
  write?.catch((err: unknown) =>
    console.warn(
      JSON.stringify({ level: "warn", msg: "mcp status not saved", server: serverId, error: String(err) }),
    ),
  );
}
