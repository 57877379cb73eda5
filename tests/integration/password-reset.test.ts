// "Forgot password" against a real SMTP server (smtp-server from npm, on a free port) and
// PostgreSQL: the mail reaches only a real account, in its language, with a link to AUTH_URL; the
// link works once and ends every session; unknown, provider-only or disabled accounts get the same
// answer and no mail; a flood is capped; a bad or used link is one 404, with nothing written.
import type { AddressInfo } from "node:net";
import { SMTPServer } from "smtp-server";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { authorizeCredentials } from "@/lib/auth/credentials";
import { registerUser } from "@/lib/auth/register";
import { startSession, userForSession } from "@/lib/auth/sessions";
import { query, resetDatabase } from "../helpers/reset-db";

vi.mock("next-intl/server", () => import("../helpers/intl-server"));

const { requestPasswordResetAction, resetPasswordAction } = await import(
  "@/app/(auth)/password-reset-actions"
);

interface Received {
  to: string[];
  body: string;
}
const inbox: Received[] = [];
let smtp: SMTPServer;

beforeAll(async () => {
  smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    onData(stream, session, done) {
      let body = "";
      stream.on("data", (c: Buffer) => {
        body += c.toString("utf8");
      });
      stream.on("end", () => {
        inbox.push({ to: session.envelope.rcptTo.map((r) => r.address), body });
        done();
      });
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, "127.0.0.1", resolve));
  const { port } = smtp.server.address() as AddressInfo;
  process.env.SMTP_URL = `smtp://127.0.0.1:${port}`;
  process.env.AUTH_URL = "https://chat.example.com";
  process.env.MAIL_FROM = "Delegate <no-reply@chat.example.com>";
});
afterAll(async () => {
  delete process.env.SMTP_URL;
  delete process.env.AUTH_URL;
  delete process.env.MAIL_FROM;
  await new Promise<void>((resolve) => smtp.close(() => resolve()));
});

const GOOD = "correct-horse-42";
const NEXT = "battery-staple-77";
/** The link of a mail, decoded from its quoted-printable body. */
const linkIn = (mail: Received) => {
  const text = mail.body.replace(/=\r?\n/g, "").replace(/=3D/g, "=");
  return /https:\/\/chat\.example\.com\/reset-password\?token=(pr_[A-Za-z0-9_-]{43})/.exec(text);
};

describe("password reset", () => {
  let ann: { id: string };
  beforeEach(async () => {
    await resetDatabase();
    inbox.length = 0;
    ann = await registerUser({ input: { name: "Ann", email: "ann@example.com", password: GOOD } });
  });

  it("mails a link to the account; it sets the password once and signs the account out everywhere", async () => {
    const session = await startSession({ userId: ann.id });
    expect(await requestPasswordResetAction({ email: " Ann@Example.com " })).toEqual({
      ok: true,
      data: null,
    });
    expect(inbox).toHaveLength(1);
    expect(inbox[0].to).toEqual(["ann@example.com"]);
    expect(inbox[0].body).toContain("Subject: Reset your Delegate password");
    const token = linkIn(inbox[0])?.[1] ?? "";
    expect(token).not.toBe("");
    // Only the hash is stored.
    expect(JSON.stringify(await query(`SELECT * FROM "PasswordReset"`))).not.toContain(token);

    expect(await resetPasswordAction({ token, password: "short" })).toMatchObject({
      ok: false,
      error: { fields: { password: "Use at least 10 characters." } },
    });
    expect(await resetPasswordAction({ token, password: NEXT })).toEqual({ ok: true, data: null });
    expect(await userForSession({ uid: ann.id, sid: session })).toBeNull();
    const signIn = (password: string) =>
      authorizeCredentials({ input: { email: "ann@example.com", password }, clientAddress: null });
    await expect(signIn(NEXT)).resolves.toMatchObject({ id: ann.id });
    await expect(signIn(GOOD)).rejects.toMatchObject({ code: "unauthorized:credentials" });
    // Used once: the same link is a 404 and changes nothing.
    expect(await resetPasswordAction({ token, password: "another-pass-99" })).toMatchObject({
      ok: false,
      error: { code: "not_found:password_reset" },
    });
    await expect(signIn(NEXT)).resolves.toMatchObject({ id: ann.id });
  });

  it("says the same for unknown, provider-only and disabled accounts, and mails none of them", async () => {
    const bob = await registerUser({ input: { name: "Bob", email: "bob@example.com", password: GOOD } });
    const cid = await registerUser({ input: { name: "Cid", email: "cid@example.com", password: GOOD } });
    await query(`UPDATE "User" SET "passwordHash" = NULL WHERE id = $1`, [bob.id]);
    await query(`UPDATE "User" SET disabled = true WHERE id = $1`, [cid.id]);
    for (const email of ["nobody@example.com", "bob@example.com", "cid@example.com"])
      expect(await requestPasswordResetAction({ email })).toEqual({ ok: true, data: null });
    expect(inbox).toEqual([]);
    expect(await query(`SELECT id FROM "PasswordReset"`)).toEqual([]);
  });

  it("mails in the account's language, at most three links an hour, and refuses bad input", async () => {
    await query(`UPDATE "User" SET locale = 'zh-CN' WHERE id = $1`, [ann.id]);
    for (let i = 0; i < 5; i++) await requestPasswordResetAction({ email: "ann@example.com" });
    expect(inbox).toHaveLength(3);
    expect(inbox[0].body).toMatch(/Subject: =\?UTF-8\?/);
    for (const bad of [{ email: "not an email" }, { email: 7 }, null, { email: "a\u0000@b.c" }])
      expect(await requestPasswordResetAction(bad)).toMatchObject({ ok: false });
    expect(inbox).toHaveLength(3);
  });

  it("a mail server that is down changes nothing in the answer (it would tell that the account exists)", async () => {
    const up = process.env.SMTP_URL;
    process.env.SMTP_URL = "smtp://mailer:hunter2-secret@127.0.0.1:9";
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    try {
      expect(await requestPasswordResetAction({ email: "ann@example.com" })).toEqual({
        ok: true,
        data: null,
      });
      expect(warn.mock.calls.map((c) => String(c[0])).join("\n")).toContain("password reset mail not sent");
      expect(warn.mock.calls.map((c) => String(c[0])).join("\n")).not.toContain("hunter2");
    } finally {
      warn.mockRestore();
      process.env.SMTP_URL = up;
    }
  });

  it("a wrong, malformed or expired link is one 404 with nothing written", async () => {
    await requestPasswordResetAction({ email: "ann@example.com" });
    const token = linkIn(inbox[0])?.[1] ?? "";
    await query(`UPDATE "PasswordReset" SET "expiresAt" = now() - interval '1 minute'`);
    for (const t of [token, "pr_nope", `pr_${"A".repeat(43)}`, ""])
      expect(await resetPasswordAction({ token: t, password: NEXT })).toMatchObject({
        ok: false,
        error: { code: "not_found:password_reset" },
      });
    await expect(
      authorizeCredentials({ input: { email: "ann@example.com", password: GOOD }, clientAddress: null }),
    ).resolves.toMatchObject({ id: ann.id });
  });
});
