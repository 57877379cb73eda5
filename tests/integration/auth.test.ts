import { beforeEach, describe, expect, it } from "vitest";
import { authorizeCredentials } from "@/lib/auth/credentials";
import { registerUser } from "@/lib/auth/register";
import { FREE_FAILURES, recordSignInFailure } from "@/lib/db/auth-throttle";
import { errorBody } from "@/lib/http/error-body";
import { query, resetDatabase } from "../helpers/reset-db";

/** The refusal as a form shows it (in English): its code, message and field messages. */
const written = (p: Promise<unknown>) =>
  p.then(
    () => null,
    (err) => errorBody(err),
  );

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
      written(registerUser({ input: { name: "Ada 2", email: "ADA@example.com ", password: GOOD } })),
    ).resolves.toMatchObject({
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
      written(registerUser({ input: { name: "Ada", email: "ada@example.com", password } })),
    ).resolves.toMatchObject({
      code: "bad_request:weak_password",
      fields: { password: expect.any(String) },
    });
    expect(await userCount()).toBe(0);
  });

  it("explains each invalid field", async () => {
    await expect(
      written(registerUser({ input: { name: "", email: "not-an-email", password: GOOD } })),
    ).resolves.toMatchObject({
      code: "bad_request:register",
      fields: { name: "Enter your name.", email: "Enter a valid email address." },
    });
    // A bad email and a short password are both named at once.
    await expect(
      written(registerUser({ input: { name: "Ada", email: "not-an-email", password: "short" } })),
    ).resolves.toMatchObject({
      code: "bad_request:register",
      fields: { email: "Enter a valid email address.", password: expect.stringContaining("10 characters") },
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
      clientAddress: "10.0.0.1",
    });
    expect(user).toMatchObject({ email: "ada@example.com", role: "ADMIN" });
  });

  it("gives the same answer for a wrong password and an unknown email", async () => {
    const wrongPassword = authorizeCredentials({
      input: { email: "ada@example.com", password: "nope-nope-1" },
      clientAddress: "10.0.0.2",
    });
    const unknownEmail = authorizeCredentials({
      input: { email: "who@example.com", password: GOOD },
      clientAddress: "10.0.0.3",
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

  const attempt = (email: string, password: string, clientAddress: string | null) =>
    authorizeCredentials({ input: { email, password }, clientAddress });

  it("slows down repeated failures from one address, whatever the accounts tried", async () => {
    for (let i = 0; i < FREE_FAILURES; i++) {
      await expect(attempt(`victim${i}@example.com`, `wrong-${i}-xx`, "203.0.113.66")).rejects.toMatchObject({
        code: "unauthorized:credentials",
      });
    }
    // Even the right password is not checked while the address has to wait.
    await expect(attempt("ada@example.com", GOOD, "203.0.113.66")).rejects.toMatchObject({
      code: "rate_limit:signin",
      retryAfter: expect.any(Number),
    });
    await expect(attempt("ada@example.com", GOOD, "198.51.100.7")).resolves.toMatchObject({
      email: "ada@example.com",
    });
  });

  it("slows down repeated failures on one account, whatever the addresses used", async () => {
    // The bypass of issue 11: a new address for every guess.
    for (let i = 0; i < FREE_FAILURES; i++) {
      await expect(attempt("ADA@example.com", `wrong-${i}-xx`, `192.0.2.${i + 1}`)).rejects.toMatchObject({
        code: "unauthorized:credentials",
      });
    }
    await expect(attempt("ada@example.com", GOOD, "192.0.2.200")).rejects.toMatchObject({
      code: "rate_limit:signin",
    });
    // Other accounts from those addresses are not affected.
    await registerUser({ input: { name: "Bob", email: "bob@example.com", password: GOOD } });
    await expect(attempt("bob@example.com", GOOD, "192.0.2.1")).resolves.toMatchObject({
      email: "bob@example.com",
    });
  });

  it("throttles unknown emails the same way, so the throttle does not reveal which accounts exist", async () => {
    for (let i = 0; i < FREE_FAILURES; i++) {
      await expect(attempt("nobody@example.com", `wrong-${i}-xx`, `192.0.2.${i + 1}`)).rejects.toMatchObject({
        code: "unauthorized:credentials",
      });
    }
    await expect(attempt("nobody@example.com", GOOD, "192.0.2.99")).rejects.toMatchObject({
      code: "rate_limit:signin",
    });
  });

  it("keys IPv6 clients by their /64, so rotating within it does not help", async () => {
    for (let i = 0; i < FREE_FAILURES; i++) {
      await expect(
        attempt(`v${i}@example.com`, `wrong-${i}-xx`, `2001:db8:1:2::${i + 1}`),
      ).rejects.toMatchObject({
        code: "unauthorized:credentials",
      });
    }
    await expect(attempt("ada@example.com", GOOD, "2001:db8:1:2:ffff::9")).rejects.toMatchObject({
      code: "rate_limit:signin",
    });
    await expect(attempt("ada@example.com", GOOD, "2001:db8:1:3::1")).resolves.toMatchObject({
      email: "ada@example.com",
    });
  });

  it("with no known address, throttles per account only instead of locking everyone out", async () => {
    for (let i = 0; i < FREE_FAILURES + 2; i++) {
      await expect(attempt(`v${i}@example.com`, `wrong-${i}-xx`, null)).rejects.toMatchObject({
        code: "unauthorized:credentials",
      });
    }
    await expect(attempt("ada@example.com", GOOD, null)).resolves.toMatchObject({ email: "ada@example.com" });
    const keys = await query<{ key: string }>(`SELECT key FROM "AuthThrottle" ORDER BY key`);
    expect(keys.every((k) => k.key.startsWith("acct:"))).toBe(true);
  });

  it("a successful sign-in clears the counters of its address and account", async () => {
    for (let i = 0; i < FREE_FAILURES - 1; i++) {
      await expect(attempt("ada@example.com", `wrong-${i}-xx`, "198.51.100.1")).rejects.toMatchObject({
        code: "unauthorized:credentials",
      });
    }
    await attempt("ada@example.com", GOOD, "198.51.100.1");
    expect(await query(`SELECT key FROM "AuthThrottle"`)).toEqual([]);
  });

  it("refuses a disabled account", async () => {
    await query(`UPDATE "User" SET disabled = true`);
    await expect(
      authorizeCredentials({
        input: { email: "ada@example.com", password: GOOD },
        clientAddress: "10.0.0.4",
      }),
    ).rejects.toMatchObject({ code: "forbidden:account_disabled" });
  });

  it("forgets keys whose window has passed, so many addresses or emails cannot grow the table", async () => {
    const longAgo = new Date(Date.now() - 60 * 60 * 1000);
    await recordSignInFailure({ keys: ["ip:192.0.2.1", "acct:old@example.com"], now: longAgo });
    await recordSignInFailure({ keys: ["ip:192.0.2.2"] });
    const keys = await query<{ key: string }>(`SELECT key FROM "AuthThrottle" ORDER BY key`);
    expect(keys.map((k) => k.key)).toEqual(["ip:192.0.2.2"]);
  });
});
