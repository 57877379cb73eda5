"use server";
import { revalidatePath } from "next/cache";
import { getTranslations } from "next-intl/server";
import { z } from "zod";
import { type ActionResult, failed, runAction, succeeded } from "@/lib/action-result";
import { type Actor, changedFields, recordAdminAction, secretNames } from "@/lib/audit/record";
import { mcpServerSnapshot } from "@/lib/audit/snapshots";
import { requireAdminPage } from "@/lib/auth/session";
import { findUsersByEmails } from "@/lib/db/agents-users";
import { text } from "@/lib/errors";
import { zodFieldErrors } from "@/lib/http/zod-fields";
import {
  createMcpServer,
  deleteMcpServer,
  getMcpServerForAdmin,
  type McpServerSummary,
  refreshMcpServer,
  updateMcpServer,
} from "@/lib/mcp";

// Every action checks the admin itself (404 for anyone else, as for admin pages). The form's rows
// become lib/mcp's input here; lib/mcp validates everything about it (one schema, lib/mcp/input.ts).
// Secret values (header and env values) only travel browser → server, never back.

const NOTHING_SAVED = text("bad_request.nothing_saved");

const rowSchema = z.object({ name: z.string().trim().max(200), value: z.string().max(8192) });
const formSchema = z.object({
  id: z.string().min(1).max(100).optional(),
  name: z.string().max(200).default(""),
  transport: z.enum(["http", "stdio"], "field.pick_transport"),
  url: z.string().max(2048).default(""),
  headers: z.array(rowSchema).max(30, "field.headers_max").default([]),
  command: z.string().max(1024).default(""),
  /** One argument per line. */
  args: z.string().max(50_000).default(""),
  env: z.array(rowSchema).max(50, "field.variables_max").default([]),
  enabled: z.boolean().default(true),
  access: z.enum(["everyone", "selected"]).default("everyone"),
  /** "oauth": each user connects their own account (HTTP servers only; lib/mcp checks). */
  auth: z.enum(["none", "oauth"]).default("none"),
  /** Emails, one per line or comma-separated; used when access = selected. */
  allowedEmails: z.string().max(20_000).default(""),
});

const splitList = (s: string) =>
  s
    .split(/[\n,]/)
    .map((x) => x.trim())
    .filter(Boolean);

/** Rows → a write-only map: an empty value keeps the stored value of that name (null). */
function secretRows(rows: { name: string; value: string }[]): Record<string, string | null> {
  const out: Record<string, string | null> = {};
  for (const r of rows) if (r.name || r.value) out[r.name] = r.value ? r.value : null;
  return out;
}

/** Records a save: each changed field, header and variable values never (only their names). */
async function recordSave(
  actor: Actor,
  before: McpServerSummary | null,
  saved: McpServerSummary,
  secrets: { headers?: Record<string, string | null>; env?: Record<string, string | null> } = {},
) {
  await recordAdminAction({
    actor,
    kind: "mcp_server",
    target: saved.name,
    changes: changedFields(
      before && mcpServerSnapshot(before),
      mcpServerSnapshot(saved, {
        headers: secretNames(before?.headerNames ?? [], secrets.headers),
        env: secretNames(before?.envNames ?? [], secrets.env),
      }),
    ),
  });
}

export async function saveMcpServerAction(raw: unknown): Promise<ActionResult<{ id: string }>> {
  return runAction(async () => {
    const admin = await requireAdminPage();
    const r = formSchema.safeParse(raw);
    if (!r.success) {
      return failed("bad_request:mcp_server", NOTHING_SAVED, zodFieldErrors(r.error));
    }
    const f = r.data;
    const emails = [...new Set(splitList(f.allowedEmails).map((e) => e.toLowerCase()))];
    const restricted = f.access === "selected";
    if (restricted && emails.length === 0) {
      return failed("bad_request:mcp_server", NOTHING_SAVED, {
        allowedEmails: text("field.allowed_emails_empty"),
      });
    }
    const users = restricted ? await findUsersByEmails({ emails }) : [];
    const missing = emails.filter((e) => !users.some((u) => u.email.toLowerCase() === e));
    if (restricted && missing.length) {
      return failed("bad_request:mcp_server", NOTHING_SAVED, {
        allowedEmails: text("bad_request.agent_share_unknown", { emails: missing }),
      });
    }
    const access = { enabled: f.enabled, restricted, allowedUserIds: users.map((u) => u.id) };
    const existing = f.id ? await getMcpServerForAdmin({ id: f.id }) : null;
    if (f.id && existing?.builtin) {
      // Built-in servers: only whether it is on and who may use it.
      const saved = await updateMcpServer({ id: f.id, input: access });
      await recordSave(admin, existing, saved);
      revalidatePath("/admin/tools");
      return succeeded(
        { id: saved.id },
        (await getTranslations("mcp.notices"))("saved", { name: saved.name }),
      );
    }
    const input = {
      ...access,
      name: f.name,
      transport: f.transport,
      url: f.transport === "http" ? f.url : null,
      auth: f.auth,
      headers: f.transport === "http" ? secretRows(f.headers) : undefined,
      command: f.transport === "stdio" ? f.command : null,
      args: f.transport === "stdio" ? f.args.split("\n").filter((a) => a.trim() !== "") : [],
      env: f.transport === "stdio" ? secretRows(f.env) : undefined,
    };
    const saved = f.id ? await updateMcpServer({ id: f.id, input }) : await createMcpServer({ input });
    await recordSave(admin, existing, saved, { headers: input.headers, env: input.env });
    revalidatePath("/admin/tools");
    return succeeded({ id: saved.id }, (await getTranslations("mcp.notices"))("saved", { name: saved.name }));
  });
}

const idInput = z.object({ id: z.string().min(1).max(100) });

/** Connects to the server, lists its tools and stores them (with the outcome) for every process. */
export async function refreshMcpServerAction(
  raw: unknown,
): Promise<ActionResult<{ status: string; tools: number }>> {
  return runAction(async () => {
    const admin = await requireAdminPage();
    const r = idInput.safeParse(raw);
    if (!r.success) return failed("bad_request:mcp_server", text("generic.bad_request"));
    const s = await refreshMcpServer({ id: r.data.id, userId: admin.id });
    await recordAdminAction({
      actor: admin,
      kind: "mcp_server",
      target: s.name,
      changes: [
        {
          key: "tools:refresh",
          from: null,
          to:
            s.status === "error" ? "failed" : `${s.tools.length} ${s.tools.length === 1 ? "tool" : "tools"}`,
        },
      ],
    });
    revalidatePath("/admin/tools");
    revalidatePath(`/admin/tools/${s.id}`);
    // A server that did not answer is an outcome, stored like any other: the page's one status
    // (McpServerStatus) says it, with the reason; a second sentence beside it would be a second truth.
    if (s.status === "error") return succeeded({ status: "error", tools: s.tools.length });
    return succeeded(
      { status: s.status, tools: s.tools.length },
      (await getTranslations("mcp.notices"))("refreshed", { server: s.name, count: s.tools.length }),
    );
  });
}

export async function deleteMcpServerAction(raw: unknown): Promise<ActionResult> {
  return runAction(async () => {
    const admin = await requireAdminPage();
    const r = idInput.safeParse(raw);
    if (!r.success) return failed("bad_request:mcp_server", text("generic.bad_request"));
    const before = await getMcpServerForAdmin({ id: r.data.id });
    await deleteMcpServer({ id: r.data.id });
    await recordAdminAction({
      actor: admin,
      kind: "mcp_server",
      target: before.name,
      changes: changedFields(mcpServerSnapshot(before), null),
    });
    revalidatePath("/admin/tools");
    return succeeded(null);
  });
}
