import { beforeEach, describe, expect, it, vi } from "vitest";
import { registerUser } from "@/lib/auth/register";
import { endAllSessions, endSession, startSession, userForSession } from "@/lib/auth/sessions";
import { installQueryCounter } from "../helpers/query-counter";
import { query, resetDatabase } from "../helpers/reset-db";

// Who the mocked Auth.js says is signed in (the cookie's decoded claims).
const cookie = vi.hoisted(() => ({ claims: null as { uid: string; sid?: string } | null }));
vi.mock("@/lib/auth/index", () => ({
  auth: async () => (cookie.claims ? { user: { id: cookie.claims.uid }, sid: cookie.claims.sid } : null),
}));
vi.mock("next/cache", () => ({ revalidatePath: () => {} }));

const { currentUser } = await import("@/lib/auth/session");
const { setUserDisabledAction } = await import("@/app/(app)/admin/actions");

const GOOD = "correct-horse-42";

describe("sessions", () => {
  let adminId: string;
  let userId: string;
  beforeEach(async () => {
    await resetDatabase();
    adminId = (await registerUser({ input: { name: "Ada", email: "ada@example.com", password: GOOD } })).id;
    userId = (await registerUser({ input: { name: "Bob", email: "bob@example.com", password: GOOD } })).id;
  });

  it("a signed-in cookie finds its user in one query", async () => {
    const sid = await startSession({ userId });
    cookie.claims = { uid: userId, sid };
    const counter = installQueryCounter();
    try {
      expect(await currentUser()).toMatchObject({ id: userId, email: "bob@example.com", role: "USER" });
      expect(counter.count()).toBe(1);
    } finally {
      await counter.restore();
    }
  });

  it("signing out ends that session at once; a copy of the cookie is refused, other devices stay", async () => {
    const laptop = await startSession({ userId });
    const phone = await startSession({ userId });
    await endSession({ uid: userId, sid: laptop });
    cookie.claims = { uid: userId, sid: laptop };
    expect(await currentUser()).toBeNull();
    cookie.claims = { uid: userId, sid: phone };
    expect(await currentUser()).toMatchObject({ id: userId });
  });

  it("sign out everywhere ends every session of that user only", async () => {
    const a = await startSession({ userId });
    const b = await startSession({ userId });
    const other = await startSession({ userId: adminId });
    expect(await endAllSessions({ userId })).toBe(2);
    expect(await userForSession({ uid: userId, sid: a })).toBeNull();
    expect(await userForSession({ uid: userId, sid: b })).toBeNull();
    expect(await userForSession({ uid: adminId, sid: other })).toMatchObject({ id: adminId });
  });

  it("refuses cookies without a session id (issued before sessions were checked), or naming another user", async () => {
    const sid = await startSession({ userId });
    expect(await userForSession({ uid: userId })).toBeNull();
    expect(await userForSession({ uid: adminId, sid })).toBeNull();
    expect(await userForSession({ uid: 42, sid })).toBeNull();
    expect(await userForSession(null)).toBeNull();
  });

  it("refuses an expired session, and deletes expired rows when anyone signs in", async () => {
    const sid = await startSession({ userId });
    await query(`UPDATE "Session" SET expires = now() - interval '1 second' WHERE "sessionToken" = $1`, [
      sid,
    ]);
    expect(await userForSession({ uid: userId, sid })).toBeNull();
    await startSession({ userId: adminId });
    const rows = await query<{ userId: string }>(`SELECT "userId" FROM "Session"`);
    expect(rows).toEqual([{ userId: adminId }]);
  });

  it("disabling a user ends their sessions at once, and re-enabling does not bring them back", async () => {
    const sid = await startSession({ userId });
    const adminSid = await startSession({ userId: adminId });
    cookie.claims = { uid: adminId, sid: adminSid };
    expect(await setUserDisabledAction({ userId, disabled: true })).toEqual({ ok: true, data: null });
    expect(await userForSession({ uid: userId, sid })).toBeNull();
    expect(await setUserDisabledAction({ userId, disabled: false })).toEqual({ ok: true, data: null });
    expect(await userForSession({ uid: userId, sid })).toBeNull();
    // The user's old cookie, presented after the account is enabled again, is still refused.
    cookie.claims = { uid: userId, sid };
    expect(await currentUser()).toBeNull();
    const [row] = await query<{ n: string }>(`SELECT count(*) AS n FROM "Session" WHERE "userId" = $1`, [
      userId,
    ]);
    expect(Number(row.n)).toBe(0);
  });
});
