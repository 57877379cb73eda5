import { beforeEach, describe, expect, it, vi } from "vitest";
import { registerUser } from "@/lib/auth/register";
import { query, resetDatabase } from "../helpers/reset-db";

// Stand in for Auth.js's session lookup: the test decides who is signed in.
const session = vi.hoisted(() => ({ userId: null as string | null }));
vi.mock("@/lib/auth/index", () => ({
  auth: async () =>
    session.userId ? (await import("../helpers/auth-session")).testSession(session.userId) : null,
}));
vi.mock("next/cache", () => ({ revalidatePath: () => {} }));

const { setUserDisabledAction } = await import("@/app/(app)/admin/actions");

function isNotFound(err: unknown): boolean {
  return String((err as { digest?: string }).digest ?? "").includes("404");
}

describe("admin server actions called directly", () => {
  let adminId: string;
  let userId: string;
  beforeEach(async () => {
    await resetDatabase();
    adminId = (
      await registerUser({
        input: { name: "Admin", email: "admin@example.com", password: "correct-horse-42" },
      })
    ).id;
    userId = (
      await registerUser({ input: { name: "User", email: "user@example.com", password: "correct-horse-42" } })
    ).id;
  });

  it("answer a normal user with 404 and change nothing", async () => {
    session.userId = userId;
    const err = await setUserDisabledAction({ userId: adminId, disabled: true }).catch((e) => e);
    expect(isNotFound(err)).toBe(true);
    const [row] = await query<{ disabled: boolean }>(`SELECT disabled FROM "User" WHERE id = $1`, [adminId]);
    expect(row.disabled).toBe(false);
  });

  it("answer an anonymous caller with 404", async () => {
    session.userId = null;
    const err = await setUserDisabledAction({ userId, disabled: true }).catch((e) => e);
    expect(isNotFound(err)).toBe(true);
  });

  it("let an admin disable a user, but not themselves", async () => {
    session.userId = adminId;
    expect(await setUserDisabledAction({ userId, disabled: true })).toEqual({ ok: true, data: null });
    expect(await setUserDisabledAction({ userId: adminId, disabled: true })).toEqual({
      ok: false,
      error: { code: "forbidden:own_account", message: "You can't disable your own account." },
    });
    const rows = await query<{ email: string; disabled: boolean }>(
      `SELECT email, disabled FROM "User" ORDER BY email`,
    );
    expect(rows).toEqual([
      { email: "admin@example.com", disabled: false },
      { email: "user@example.com", disabled: true },
    ]);
  });
});
