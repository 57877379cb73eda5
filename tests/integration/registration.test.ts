import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { registerUser } from "@/lib/auth/register";
import { inviteCodeHash, oauthSignInDecision, registrationStatus } from "@/lib/auth/registration";
import { serverIntl } from "../helpers/intl-server";
import { query, resetDatabase } from "../helpers/reset-db";

const session = vi.hoisted(() => ({ userId: null as string | null }));
vi.mock("@/lib/auth/index", () => ({
  auth: async () =>
    session.userId ? (await import("../helpers/auth-session")).testSession(session.userId) : null,
}));
vi.mock("next/cache", () => ({ revalidatePath: () => {} }));
// Server actions translate their notices: the English catalog unless a test picks zh-CN.
vi.mock("next-intl/server", () => import("../helpers/intl-server"));

const { setRegistrationModeAction, createInviteAction, revokeInviteAction } = await import(
  "@/app/(app)/admin/registration/actions"
);

const GOOD = "correct-horse-42";
const form = (values: Record<string, string>) => {
  const f = new FormData();
  for (const [k, v] of Object.entries(values)) f.set(k, v);
  return f;
};
const register = (email: string, invite?: string) =>
  registerUser({
    input: { name: email.split("@")[0], email, password: GOOD, ...(invite ? { invite } : {}) },
  });

async function emails(): Promise<string[]> {
  return (await query<{ email: string }>(`SELECT email FROM "User" ORDER BY email`)).map((r) => r.email);
}

async function setMode(mode: string) {
  const result = await setRegistrationModeAction(form({ mode }));
  expect(result.ok).toBe(true);
}

async function newInvite(expiresInDays = "7"): Promise<string> {
  const result = await createInviteAction(form({ expiresInDays, note: "for a friend" }));
  if (!result.ok) throw new Error(result.error.message);
  return result.data.code;
}

describe("registration modes", () => {
  let adminId: string;
  beforeEach(async () => {
    delete process.env.ALLOW_REGISTRATION;
    await resetDatabase();
    serverIntl.locale = "en";
    adminId = (await register("admin@example.com")).id;
    session.userId = adminId;
  });
  afterEach(() => {
    delete process.env.ALLOW_REGISTRATION;
  });

  it("is open by default, and the admin can close it: sign-ups are refused with a clear message", async () => {
    expect((await registrationStatus()).mode).toBe("open");
    await register("early@example.com");
    await setMode("closed");
    await expect(register("late@example.com")).rejects.toMatchObject({
      code: "forbidden:registration_closed",
      message: expect.stringContaining("Registration is closed"),
    });
    expect(await emails()).toEqual(["admin@example.com", "early@example.com"]);
  });

  it("invite-only: no invite is refused; a valid invite admits exactly one account (with its starter team)", async () => {
    await setMode("invite");
    await expect(register("nobody@example.com")).rejects.toMatchObject({ code: "forbidden:invite_required" });
    const code = await newInvite();
    const invited = await register("friend@example.com", code);
    expect(invited.role).toBe("USER");
    const [row] = await query<{ usedById: string; starterTeamAt: Date | null }>(
      `SELECT i."usedById", u."starterTeamAt" FROM "Invite" i JOIN "User" u ON u.id = i."usedById"`,
    );
    expect(row.usedById).toBe(invited.id);
    expect(row.starterTeamAt).not.toBeNull();
    await expect(register("second@example.com", code)).rejects.toMatchObject({
      code: "forbidden:invite_invalid",
    });
    await expect(register("guess@example.com", "not-a-real-code")).rejects.toMatchObject({
      code: "forbidden:invite_invalid",
    });
    expect(await emails()).toEqual(["admin@example.com", "friend@example.com"]);
  });

  it("an invite is not used up by a sign-up that fails for another reason", async () => {
    await setMode("invite");
    const code = await newInvite();
    await expect(register("admin@example.com", code)).rejects.toMatchObject({ code: "conflict:email" });
    await expect(
      registerUser({ input: { name: "W", email: "weak@example.com", password: "short", invite: code } }),
    ).rejects.toMatchObject({ code: "bad_request:weak_password" });
    await expect(register("friend@example.com", code)).resolves.toMatchObject({
      email: "friend@example.com",
    });
  });

  it("one invite used by many sign-ups at once admits exactly one", async () => {
    await setMode("invite");
    const code = await newInvite();
    const results = await Promise.allSettled(
      Array.from({ length: 6 }, (_, i) => register(`racer${i}@example.com`, code)),
    );
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    expect(await emails()).toHaveLength(2);
  });

  it("expired and revoked invites are refused", async () => {
    await setMode("invite");
    const expired = await newInvite();
    await query(`UPDATE "Invite" SET "expiresAt" = now() - interval '1 second'`);
    await expect(register("late@example.com", expired)).rejects.toMatchObject({
      code: "forbidden:invite_invalid",
    });
    const revoked = await newInvite();
    const [row] = await query<{ id: string }>(`SELECT id FROM "Invite" WHERE "codeHash" = $1`, [
      inviteCodeHash(revoked),
    ]);
    // Revoked by an admin whose language is Chinese: the notice is in Chinese.
    serverIntl.locale = "zh-CN";
    expect(await revokeInviteAction({ id: row.id })).toMatchObject({ ok: true, message: "邀请已撤销。" });
    serverIntl.locale = "en";
    await expect(register("friend@example.com", revoked)).rejects.toMatchObject({
      code: "forbidden:invite_invalid",
    });
    // A used invite cannot be revoked (its row is the record of who used it).
    const used = await newInvite();
    await register("ok@example.com", used);
    const [usedRow] = await query<{ id: string }>(`SELECT id FROM "Invite" WHERE "usedAt" IS NOT NULL`);
    expect(await revokeInviteAction({ id: usedRow.id })).toMatchObject({
      ok: false,
      error: { code: "not_found:invite" },
    });
  });

  it("stores only a hash of each invite code", async () => {
    const code = await newInvite();
    const rows = await query<{ codeHash: string }>(`SELECT "codeHash" FROM "Invite"`);
    expect(rows).toEqual([{ codeHash: inviteCodeHash(code) }]);
    expect(JSON.stringify(rows)).not.toContain(code);
  });

  it.each([
    ["closed", "open", "closed"],
    ["invite", "open", "invite"],
    ["open", "closed", "closed"],
    ["invite", "closed", "closed"],
    ["closed", "invite", "closed"],
  ])("ALLOW_REGISTRATION=%s caps the admin's %s: effective %s", async (cap, admin, effective) => {
    process.env.ALLOW_REGISTRATION = cap;
    await setMode(admin);
    expect((await registrationStatus()).mode).toBe(effective);
    if (effective === "closed") {
      await expect(register("x@example.com", await newInvite())).rejects.toMatchObject({
        code: "forbidden:registration_closed",
      });
    }
    if (effective === "invite") {
      await expect(register("x@example.com")).rejects.toMatchObject({ code: "forbidden:invite_required" });
    }
  });

  it("only admins may change the mode or create invites; bad input is refused", async () => {
    const user = await register("user@example.com");
    session.userId = user.id;
    const notFound = (e: unknown) => String((e as { digest?: string }).digest ?? "").includes("404");
    expect(notFound(await setRegistrationModeAction(form({ mode: "closed" })).catch((e) => e))).toBe(true);
    expect(notFound(await createInviteAction(form({ expiresInDays: "7" })).catch((e) => e))).toBe(true);
    expect((await registrationStatus()).adminMode).toBe("open");
    session.userId = adminId;
    expect(await setRegistrationModeAction(form({ mode: "sometimes" }))).toMatchObject({
      ok: false,
      error: { code: "bad_request:registration_mode" },
    });
    expect(await createInviteAction(form({ expiresInDays: "9999" }))).toMatchObject({
      ok: false,
      error: { code: "bad_request:invite", fields: { expiresInDays: expect.any(String) } },
    });
    expect(await query(`SELECT id FROM "Invite"`)).toEqual([]);
  });

  it("OAuth sign-ups obey the mode; existing accounts can sign in unless disabled", async () => {
    await query(
      `INSERT INTO "Account" (id, "userId", type, provider, "providerAccountId") VALUES ('a1', $1, 'oauth', 'github', '42')`,
      [adminId],
    );
    const newcomer = { provider: "github", providerAccountId: "99", email: "new@example.com" };
    const linked = { provider: "github", providerAccountId: "42", email: null };
    expect(await oauthSignInDecision(newcomer)).toBe("allow");
    await setMode("invite");
    expect(await oauthSignInDecision(newcomer)).toBe("not_registered");
    expect(await oauthSignInDecision({ ...newcomer, linkingUserId: adminId })).toBe("allow");
    expect(await oauthSignInDecision(linked)).toBe("allow");
    // Goes on to Auth.js, which refuses to attach a provider to an account by its email.
    expect(await oauthSignInDecision({ ...newcomer, email: "ADMIN@example.com" })).toBe("allow");

    await query(`UPDATE "User" SET disabled = true WHERE id = $1`, [adminId]);
    expect(await oauthSignInDecision(linked)).toBe("account_disabled");
    expect(await oauthSignInDecision({ ...newcomer, email: "admin@example.com" })).toBe("account_disabled");
  });
});

describe("the first account of an installation", () => {
  beforeEach(() => resetDatabase());
  afterEach(() => {
    delete process.env.ALLOW_REGISTRATION;
  });

  it("can always register (it becomes the admin), even with ALLOW_REGISTRATION=closed; then no one else can", async () => {
    process.env.ALLOW_REGISTRATION = "closed";
    const results = await Promise.allSettled(
      Array.from({ length: 4 }, (_, i) => register(`first${i}@example.com`)),
    );
    const admitted = results.filter((r) => r.status === "fulfilled");
    expect(admitted).toHaveLength(1);
    expect((admitted[0] as PromiseFulfilledResult<{ role: string }>).value.role).toBe("ADMIN");
    for (const r of results.filter((x) => x.status === "rejected")) {
      expect((r as PromiseRejectedResult).reason).toMatchObject({ code: "forbidden:registration_closed" });
    }
  });
});
