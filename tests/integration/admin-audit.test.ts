// The audit log of admin actions: every admin server action, called directly as the browser
// would, writes its rows (who, what kind, on what, old → new), secret values never reach a row,
// the log filters by kind and by user, and only admins can read it.
import { NextIntlClientProvider } from "next-intl";
import { type ComponentProps, createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { registerUser } from "@/lib/auth/register";
import { loadMessages } from "@/lib/i18n/messages";
import { NUMBER_FIELDS, QUOTA_DEFAULTS } from "@/lib/quota/fields";
import { query, resetDatabase } from "../helpers/reset-db";

const session = vi.hoisted(() => ({ userId: null as string | null }));
vi.mock("@/lib/auth/index", () => ({
  auth: async () =>
    session.userId ? (await import("../helpers/auth-session")).testSession(session.userId) : null,
}));
vi.mock("next/cache", () => ({ revalidatePath: () => {} }));
// Outside Next.js the page's server translations come from the English catalog (as for a browser
// asking for English); its components read the same messages through the client provider.
vi.mock("next-intl/server", () => import("../helpers/intl-server"));

const { setUserDisabledAction } = await import("@/app/(app)/admin/actions");
const { saveSettingsAction } = await import("@/app/(app)/admin/quota-actions");
const { setRegistrationModeAction, createInviteAction, revokeInviteAction } = await import(
  "@/app/(app)/admin/registration/actions"
);
const { saveEndpointAction, deleteEndpointAction } = await import("@/app/(app)/admin/endpoints/actions");
const { saveMcpServerAction, deleteMcpServerAction } = await import("@/app/(app)/admin/tools/actions");
const { default: AuditPage } = await import("@/app/(app)/admin/audit/page");

const API_KEY = "sk-audit-secret-key-0123456789";
const HEADER_VALUE = "Bearer header-secret-value-42";
const NEW_HEADER_VALUE = "Bearer rotated-secret-value-43";

interface Row {
  actorEmail: string;
  kind: string;
  target: string | null;
  targetEmail: string | null;
  key: string;
  oldValue: string | null;
  newValue: string | null;
}

const rows = (where = "TRUE") =>
  query<Row>(
    `SELECT "actorEmail", kind, target, "targetEmail", key, "oldValue", "newValue" FROM "AdminAudit"
     WHERE ${where} ORDER BY "createdAt", key`,
  );

const change = (r: Row) => `${r.key}: ${r.oldValue ?? "∅"} → ${r.newValue ?? "∅"}`;

function endpointForm(extra: Record<string, unknown> = {}) {
  return {
    name: "Team vLLM",
    protocol: "openai",
    baseURL: "http://127.0.0.1:9/v1",
    apiKey: API_KEY,
    removeKey: false,
    headers: [{ name: "Authorization", value: HEADER_VALUE }],
    models: "model-a",
    access: "everyone",
    allowedEmails: "",
    allowUserKeys: false,
    ...extra,
  };
}

function mcpForm(extra: Record<string, unknown> = {}) {
  return {
    name: "Team tools",
    transport: "http",
    url: "http://127.0.0.1:9/mcp",
    headers: [{ name: "Authorization", value: HEADER_VALUE }],
    command: "",
    args: "",
    env: [],
    enabled: true,
    access: "everyone",
    allowedEmails: "",
    ...extra,
  };
}

function fd(values: Record<string, string>) {
  const f = new FormData();
  for (const [k, v] of Object.entries(values)) f.set(k, v);
  return f;
}

const isNotFound = (err: unknown) => String((err as { digest?: string }).digest ?? "").includes("404");

describe("the admin audit log", () => {
  let adminId: string;
  let userId: string;
  beforeEach(async () => {
    await resetDatabase();
    const reg = (name: string) =>
      registerUser({
        input: { name, email: `${name.toLowerCase()}@example.com`, password: "correct-horse-42" },
      });
    adminId = (await reg("Admin")).id;
    userId = (await reg("User")).id;
    session.userId = adminId;
  });

  it("records disabling and re-enabling an account, and nothing for a no-op", async () => {
    await setUserDisabledAction({ userId, disabled: true });
    await setUserDisabledAction({ userId, disabled: true });
    await setUserDisabledAction({ userId, disabled: false });
    const got = await rows();
    expect(got.map((r) => [r.actorEmail, r.kind, r.targetEmail, change(r)])).toEqual([
      ["admin@example.com", "user", "user@example.com", "disabled: no → yes"],
      ["admin@example.com", "user", "user@example.com", "disabled: yes → no"],
    ]);
  });

  it("records the registration mode and invites, never the invite code", async () => {
    await setRegistrationModeAction(fd({ mode: "invite" }));
    const created = await createInviteAction(fd({ expiresInDays: "7", note: "for Bob" }));
    if (!created.ok) throw new Error("invite not created");
    const [invite] = await query<{ id: string }>(`SELECT id FROM "Invite"`);
    expect(await revokeInviteAction({ id: invite.id })).toMatchObject({ ok: true });

    const got = await rows();
    expect(got.map((r) => [r.kind, r.target, r.key])).toEqual([
      ["registration", null, "mode"],
      ["invite", "for Bob", "invite:create"],
      ["invite", "for Bob", "invite:revoke"],
    ]);
    expect(change(got[0])).toBe("mode: open → invite");
    expect(JSON.stringify(got)).not.toContain(created.data.code);
  });

  it("files limits under files, the other limits under global", async () => {
    // The forms send every field of their group; one value differs from the defaults.
    const group = (name: string, values: Record<string, string>) =>
      fd({
        group: name,
        ...Object.fromEntries(
          NUMBER_FIELDS.filter((f) => f.group === name).map((f) => [f.key, String(QUOTA_DEFAULTS[f.key])]),
        ),
        ...values,
      });
    expect(await saveSettingsAction(group("files", { maxFilesPerMessage: "3" }))).toMatchObject({ ok: true });
    expect(await saveSettingsAction(group("delegation", { maxSubagentDepth: "2" }))).toMatchObject({
      ok: true,
    });
    expect((await rows()).map((r) => [r.kind, r.key])).toEqual([
      ["files", "maxFilesPerMessage"],
      ["global", "maxSubagentDepth"],
    ]);
  });

  it("records an endpoint's creation, each changed field and its deletion, with secrets masked", async () => {
    const saved = await saveEndpointAction(endpointForm());
    if (!saved.ok) throw new Error(JSON.stringify(saved));
    const created = await rows();
    expect(created.every((r) => r.kind === "endpoint" && r.target === "Team vLLM")).toBe(true);
    expect(created.map(change)).toEqual(
      expect.arrayContaining(["apiKey: ∅ → set", "headers: ∅ → Authorization", "models: ∅ → model-a"]),
    );

    // Rotate the key and the header's value, change the models; keep the rest.
    await query(`DELETE FROM "AdminAudit"`);
    const edited = await saveEndpointAction(
      endpointForm({
        id: saved.data.id,
        apiKey: `${API_KEY}-new`,
        headers: [{ name: "Authorization", value: NEW_HEADER_VALUE }],
        models: "model-a\nmodel-b",
      }),
    );
    expect(edited).toMatchObject({ ok: true });
    expect((await rows()).map(change)).toEqual([
      "apiKey: set → replaced",
      "headers: Authorization → Authorization (new value)",
      "models: model-a → model-a, model-b",
    ]);

    // Keeping the stored key and header value records nothing about them.
    await query(`DELETE FROM "AdminAudit"`);
    await saveEndpointAction(
      endpointForm({ id: saved.data.id, apiKey: "", headers: [{ name: "Authorization", value: "" }] }),
    );
    expect((await rows()).map(change)).toEqual(["models: model-a, model-b → model-a"]);

    await deleteEndpointAction({ id: saved.data.id });
    const deleted = await rows(`key = 'name'`);
    expect(deleted.map(change)).toEqual(["name: Team vLLM → ∅"]);

    const all = JSON.stringify(await query(`SELECT * FROM "AdminAudit"`));
    for (const secret of [API_KEY, "0123456789", HEADER_VALUE, NEW_HEADER_VALUE, "6789"])
      expect(all).not.toContain(secret);
  });

  it("records an MCP server's creation, edits and deletion without header values", async () => {
    const saved = await saveMcpServerAction(mcpForm());
    if (!saved.ok) throw new Error(JSON.stringify(saved));
    await saveMcpServerAction(
      mcpForm({
        id: saved.data.id,
        enabled: false,
        headers: [{ name: "Authorization", value: NEW_HEADER_VALUE }],
      }),
    );
    await deleteMcpServerAction({ id: saved.data.id });
    const got = await rows(`kind = 'mcp_server'`);
    expect(got.every((r) => r.target === "Team tools" && r.actorEmail === "admin@example.com")).toBe(true);
    expect(got.map(change)).toEqual(
      expect.arrayContaining([
        "headers: ∅ → Authorization",
        "enabled: yes → no",
        "headers: Authorization → Authorization (new value)",
        "name: Team tools → ∅",
      ]),
    );
    const all = JSON.stringify(await query(`SELECT * FROM "AdminAudit"`));
    expect(all).not.toContain(HEADER_VALUE);
    expect(all).not.toContain(NEW_HEADER_VALUE);
  });

  it("filters by kind and by user on the page, which only admins can open", async () => {
    await setUserDisabledAction({ userId, disabled: true });
    await setRegistrationModeAction(fd({ mode: "closed" }));

    const messages = await loadMessages("en");
    const render = async (params: Record<string, string>) =>
      renderToStaticMarkup(
        createElement(
          NextIntlClientProvider,
          { locale: "en", messages, timeZone: "UTC" } as ComponentProps<typeof NextIntlClientProvider>,
          await AuditPage({ searchParams: Promise.resolve(params) }),
        ),
      );
    const count = (html: string) => html.split('data-testid="audit-row"').length - 1;
    expect(count(await render({}))).toBe(2);
    expect(count(await render({ kind: "user" }))).toBe(1);
    expect(count(await render({ kind: "registration" }))).toBe(1);
    expect(count(await render({ user: "user@example.com" }))).toBe(1);
    expect(count(await render({ user: "admin@example.com" }))).toBe(2);
    // A made-up kind or a malformed email shows everything instead of failing.
    expect(count(await render({ kind: "nonsense", user: "not an email" }))).toBe(2);

    session.userId = userId;
    expect(isNotFound(await AuditPage({ searchParams: Promise.resolve({}) }).catch((e) => e))).toBe(true);
    session.userId = null;
    expect(isNotFound(await AuditPage({ searchParams: Promise.resolve({}) }).catch((e) => e))).toBe(true);
  });

  it("a non-admin's admin actions are refused and write no row", async () => {
    session.userId = userId;
    expect(isNotFound(await setUserDisabledAction({ userId: adminId, disabled: true }).catch((e) => e))).toBe(
      true,
    );
    expect(isNotFound(await saveEndpointAction(endpointForm()).catch((e) => e))).toBe(true);
    expect(await rows()).toEqual([]);
  });
});
