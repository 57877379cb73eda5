import { beforeEach, describe, expect, it } from "vitest";
import { authorizeCredentials } from "@/lib/auth/credentials";
import { registerUser } from "@/lib/auth/register";
import { FREE_FAILURES } from "@/lib/db/auth-throttle";
import { query, resetDatabase } from "../helpers/reset-db";

const GOOD = "correct-horse-42";

async function userCount(): Promise<number> {
  const [row] = await query<{ n: string }>(`SELECT count(*) AS n FROM "User"`);
  return Number(row.n);
}

describe("registration", () => {
  beforeEach(() => resetDatabase());

  it("makes the first user admin and later ones plain users", async () => {
    const first = await registerUser({ input: { name: "Ada", email: "Ada@Example.com", password: GOOD } });
    const second = await registerUser({ input: { name: "Bob", email: "bob@example.com", password: GOOD } });
    expect(first.role).toBe("ADMIN");
    expect(first.email).toBe("ada@example.com");
    expect(second.role).toBe("USER");
  });

  it("gives exactly one admin when many register at the same moment", async () => {
    const users = await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        registerUser({ input: { name: `U${i}`, email: `u${i}@example.com`, password: GOOD } }),
      ),
    );
    expect(users.filter((u) => u.role === "ADMIN")).toHaveLength(1);
  });

  it("stores a scrypt hash, never the password", async () => {
    await registerUser({ input: { name: "Ada", email: "ada@example.com", password: GOOD } });
    const [row] = await query<{ passwordHash: string }>(`SELECT "passwordHash" FROM "User"`);
    expect(row.passwordHash).toMatch(/^scrypt\$/);
    expect(row.passwordHash).not.toContain(GOOD);
  });

  it("refuses a duplicate email with a clear error and creates nothing", async () => {
    await registerUser({ input: { name: "Ada", email: "ada@example.com", password: GOOD } });
    await expect(
      registerUser({ input: { name: "Ada 2", email: "ADA@example.com ", password: GOOD } }),
    ).rejects.toMatchObject({
      code: "conflict:email",
      fields: { email: expect.stringContaining("already exists") },
    });
    expect(await userCount()).toBe(1);
  });

  it.each([
    ["short", "abc123"],
    ["common", "password123"],
    ["one character class", "abcdefghijkl"],
  ])("refuses a weak password (%s) and creates nothing", async (_label, password) => {
    await expect(
      registerUser({ input: { name: "Ada", email: "ada@example.com", password } }),
    ).rejects.toMatchObject({
      code: "bad_request:weak_password",
      fields: { password: expect.any(String) },
    });
    expect(await userCount()).toBe(0);
  });

  it("explains each invalid field", async () => {
    await expect(
      registerUser({ input: { name: "", email: "not-an-email", password: GOOD } }),
    ).rejects.toMatchObject({
      code: "bad_request:register",
      fields: { name: "Enter your name.", email: "Enter a valid email address." },
    });
    await expect(registerUser({ input: "garbage" })).rejects.toMatchObject({ code: "bad_request:register" });
    expect(await userCount()).toBe(0);
  });
});

describe("sign-in", () => {
  beforeEach(async () => {
    await resetDatabase();
    await registerUser({ input: { name: "Ada", email: "ada@example.com", password: GOOD } });
  });

  it("accepts the right password (email case-insensitive)", async () => {
    const user = await authorizeCredentials({
      input: { email: "ADA@example.com", password: GOOD },
      clientKey: "ip:1",
    });
    expect(user).toMatchObject({ email: "ada@example.com", role: "ADMIN" });
  });

  it("gives the same answer for a wrong password and an unknown email", async () => {
    const wrongPassword = authorizeCredentials({
      input: { email: "ada@example.com", password: "nope-nope-1" },
      clientKey: "ip:2",
    });
    const unknownEmail = authorizeCredentials({
      input: { email: "who@example.com", password: GOOD },
      clientKey: "ip:3",
    });
    const [a, b] = await Promise.allSettled([wrongPassword, unknownEmail]);
    expect(a.status).toBe("rejected");
    expect(b.status).toBe("rejected");
    const ea = (a as PromiseRejectedResult).reason;
    const eb = (b as PromiseRejectedResult).reason;
    expect(ea.code).toBe("unauthorized:credentials");
    expect(eb.code).toBe(ea.code);
    expect(eb.message).toBe(ea.message);
  });

  it("slows down repeated failures from one address, without affecting others", async () => {
    for (let i = 0; i < FREE_FAILURES; i++) {
      await expect(
        authorizeCredentials({
          input: { email: "ada@example.com", password: `wrong-${i}-xx` },
          clientKey: "ip:attacker",
        }),
      ).rejects.toMatchObject({ code: "unauthorized:credentials" });
    }
    // Even the right password is not checked while the address has to wait.
    await expect(
      authorizeCredentials({ input: { email: "ada@example.com", password: GOOD }, clientKey: "ip:attacker" }),
    ).rejects.toMatchObject({ code: "rate_limit:signin", retryAfter: expect.any(Number) });
    await expect(
      authorizeCredentials({
        input: { email: "ada@example.com", password: GOOD },
        clientKey: "ip:someone-else",
      }),
    ).resolves.toMatchObject({ email: "ada@example.com" });
  });

  it("refuses a disabled account", async () => {
    await query(`UPDATE "User" SET disabled = true`);
    await expect(
      authorizeCredentials({ input: { email: "ada@example.com", password: GOOD }, clientKey: "ip:4" }),
    ).rejects.toMatchObject({ code: "forbidden:account_disabled" });
  });
});
