import { beforeEach, describe, expect, it, vi } from "vitest";
import { query, resetDatabase } from "../helpers/reset-db";
import { makeUser } from "./agents-helpers";

// The "Share with" check the builder runs as addresses are typed (issue 25, item 12).
const session = vi.hoisted(() => ({ userId: null as string | null }));
vi.mock("@/lib/auth/index", () => ({
  auth: async () =>
    session.userId ? (await import("../helpers/auth-session")).testSession(session.userId) : null,
}));
vi.mock("next/cache", () => ({ revalidatePath: () => {} }));

const { checkShareEmailsAction } = await import("@/app/(app)/agents/actions");

describe("checkShareEmailsAction", () => {
  let admin: string;
  let user: string;
  beforeEach(async () => {
    await resetDatabase();
    admin = await makeUser("admin@example.com");
    await query(`UPDATE "User" SET role = 'ADMIN' WHERE id = $1`, [admin]);
    user = await makeUser("user@example.com");
    await makeUser("known@example.com");
    session.userId = user;
  });

  it("names the addresses without an account and the malformed ones, before any save", async () => {
    const res = await checkShareEmailsAction({
      emails: ["Known@Example.com", "stranger@example.com", "not-an-email", "known@example.com"],
    });
    expect(res).toEqual({
      ok: true,
      data: {
        invalid: ["not-an-email"],
        unknown: ["stranger@example.com"],
        registration: "open",
        canInvite: false,
      },
    });
  });

  it("offers an invite only to an admin, and only while registration is invite-only", async () => {
    const { setRegistrationMode } = await import("@/lib/auth/registration");
    await setRegistrationMode({ mode: "invite" });
    const asUser = await checkShareEmailsAction({ emails: ["stranger@example.com"] });
    expect(asUser.ok && asUser.data).toMatchObject({ registration: "invite", canInvite: false });
    session.userId = admin;
    const asAdmin = await checkShareEmailsAction({ emails: ["stranger@example.com"] });
    expect(asAdmin.ok && asAdmin.data).toMatchObject({ registration: "invite", canInvite: true });
  });

  it("answers only signed-in users, and refuses an oversized list with a typed 4xx", async () => {
    session.userId = null;
    const anonymous = await checkShareEmailsAction({ emails: ["known@example.com"] });
    expect(!anonymous.ok && anonymous.error.code).toBe("unauthorized");
    session.userId = user;
    const many = Array.from({ length: 51 }, (_, i) => `p${i}@example.com`);
    const tooMany = await checkShareEmailsAction({ emails: many });
    expect(!tooMany.ok && tooMany.error.code).toBe("bad_request");
  });
});
