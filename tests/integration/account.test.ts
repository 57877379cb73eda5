// Settings → Account through its server actions and PostgreSQL: the name, and a new password that
// needs the current one (a wrong one counts as a failed sign-in), refuses weak ones with nothing
// changed, and signs out every other session but the one that changed it. Each action only ever
// touches the signed-in user's own row.
import { beforeEach, describe, expect, it, vi } from "vitest";
import { authorizeCredentials } from "@/lib/auth/credentials";
import { registerUser } from "@/lib/auth/register";
import { startSession, userForSession } from "@/lib/auth/sessions";
import { query, resetDatabase } from "../helpers/reset-db";

const cookie = vi.hoisted(() => ({ claims: null as { uid: string; sid?: string } | null }));
vi.mock("@/lib/auth/index", () => ({
  auth: async () => (cookie.claims ? { user: { id: cookie.claims.uid }, sid: cookie.claims.sid } : null),
}));
vi.mock("next/cache", () => ({ revalidatePath: () => {} }));
vi.mock("next-intl/server", () => import("../helpers/intl-server"));

const { saveMyNameAction, changeMyPasswordAction } = await import("@/app/(app)/settings/actions");

const GOOD = "correct-horse-42";
const NEXT = "battery-staple-77";

describe("Settings → Account", () => {
  let ann: { id: string };
  let bob: { id: string };
  let here: string;
  beforeEach(async () => {
    await resetDatabase();
    ann = await registerUser({ input: { name: "Ann", email: "ann@example.com", password: GOOD } });
    bob = await registerUser({ input: { name: "Bob", email: "bob@example.com", password: GOOD } });
    here = await startSession({ userId: ann.id });
    cookie.claims = { uid: ann.id, sid: here };
  });

  const names = async () =>
    Object.fromEntries(
      (await query<{ email: string; name: string }>(`SELECT email, name FROM "User"`)).map((r) => [
        r.email,
        r.name,
      ]),
    );

  it("renames the signed-in user only; a blank or too long name is refused with nothing written", async () => {
    expect(await saveMyNameAction({ name: "  Ann Lee " })).toMatchObject({
      ok: true,
      data: { name: "Ann Lee" },
    });
    for (const bad of [{ name: "   " }, { name: "x".repeat(81) }, { name: 42 }, null]) {
      const r = await saveMyNameAction(bad);
      expect(r).toMatchObject({ ok: false, error: { code: "bad_request:profile" } });
    }
    expect(await saveMyNameAction({ name: "a\u0000b" })).toMatchObject({ ok: false });
    expect(await names()).toEqual({ "ann@example.com": "Ann Lee", "bob@example.com": "Bob" });
    cookie.claims = null;
    expect(await saveMyNameAction({ name: "Mallory" })).toMatchObject({
      ok: false,
      error: { code: "unauthorized" },
    });
    expect(await names()).toEqual({ "ann@example.com": "Ann Lee", "bob@example.com": "Bob" });
  });

  it("a new password: the old one stops working, other sessions end, this one stays", async () => {
    const phone = await startSession({ userId: ann.id });
    const bobs = await startSession({ userId: bob.id });
    const r = await changeMyPasswordAction({ current: GOOD, next: NEXT });
    expect(r).toMatchObject({
      ok: true,
      data: { ended: 1 },
      message: "Password changed. 1 other session was signed out.",
    });
    expect(await userForSession({ uid: ann.id, sid: here })).toMatchObject({ id: ann.id });
    expect(await userForSession({ uid: ann.id, sid: phone })).toBeNull();
    expect(await userForSession({ uid: bob.id, sid: bobs })).toMatchObject({ id: bob.id });
    const signIn = (password: string) =>
      authorizeCredentials({ input: { email: "ann@example.com", password }, clientAddress: null });
    await expect(signIn(GOOD)).rejects.toMatchObject({ code: "unauthorized:credentials" });
    await expect(signIn(NEXT)).resolves.toMatchObject({ id: ann.id });
    // Bob's password is untouched.
    await expect(
      authorizeCredentials({ input: { email: "bob@example.com", password: GOOD }, clientAddress: null }),
    ).resolves.toMatchObject({ id: bob.id });
  });

  it("a wrong current password or a weak new one changes nothing; the wrong one counts against sign-in", async () => {
    const before = await query<{ passwordHash: string }>(`SELECT "passwordHash" FROM "User" WHERE id = $1`, [
      ann.id,
    ]);
    const wrong = await changeMyPasswordAction({ current: "not-my-password-1", next: NEXT });
    expect(wrong).toMatchObject({
      ok: false,
      error: { code: "bad_request:password", fields: { current: "That is not your current password." } },
    });
    const weak = await changeMyPasswordAction({ current: GOOD, next: "short" });
    expect(weak).toMatchObject({ ok: false, error: { fields: { next: "Use at least 10 characters." } } });
    const missing = await changeMyPasswordAction({ next: NEXT });
    expect(missing).toMatchObject({ ok: false, error: { fields: { current: "Enter your password." } } });
    expect(await query(`SELECT "passwordHash" FROM "User" WHERE id = $1`, [ann.id])).toEqual(before);
    const [throttle] = await query<{ failures: number }>(
      `SELECT failures FROM "AuthThrottle" WHERE key = $1`,
      ["acct:ann@example.com"],
    );
    expect(throttle.failures).toBe(1);
  });

  it("an account without a password (provider sign-in) is told so", async () => {
    await query(`UPDATE "User" SET "passwordHash" = NULL WHERE id = $1`, [ann.id]);
    expect(await changeMyPasswordAction({ current: GOOD, next: NEXT })).toMatchObject({
      ok: false,
      error: { code: "conflict:no_password" },
    });
  });
});
