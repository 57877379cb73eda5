"use server";
import { revalidatePath } from "next/cache";
import { headers } from "next/headers";
import { z } from "zod";
import { type ActionResult, failed, runAction, succeeded } from "@/lib/action-result";
import { publicOrigin } from "@/lib/api/base-url";
import { requireUser } from "@/lib/auth/session";
import { text } from "@/lib/errors";
import { beginMcpConnection, disconnectMcpConnection } from "@/lib/mcp/oauth/connections";
import { CONNECTIONS_PATH } from "@/lib/mcp/oauth/user-auth";

// Settings → Connections (and the builder's Connect). Each action authenticates itself and acts on
// the caller's own authorization only; tokens never come back to the browser.

const serverInput = z.object({ serverId: z.string().min(1).max(100) });

/** Begins connecting: where to send the browser (the service's consent), or null when already connected. */
export async function connectMcpServerAction(
  raw: unknown,
): Promise<ActionResult<{ authorizationUrl: string | null }>> {
  return runAction(async () => {
    const user = await requireUser();
    const r = serverInput.safeParse(raw);
    if (!r.success) return failed("bad_request:mcp_server", text("generic.bad_request"));
    const origin = publicOrigin(await headers());
    const begun = await beginMcpConnection({ userId: user.id, serverId: r.data.serverId, origin });
    if (!begun.authorizationUrl) revalidatePath(CONNECTIONS_PATH);
    return succeeded(begun);
  }, raw);
}

/** Revokes (when the service offers it) and forgets the caller's tokens for a server. */
export async function disconnectMcpServerAction(raw: unknown): Promise<ActionResult> {
  return runAction(async () => {
    const user = await requireUser();
    const r = serverInput.safeParse(raw);
    if (!r.success) return failed("bad_request:mcp_server", text("generic.bad_request"));
    await disconnectMcpConnection({ userId: user.id, serverId: r.data.serverId });
    revalidatePath(CONNECTIONS_PATH);
    return succeeded(null);
  }, raw);
}
