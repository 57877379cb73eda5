/**
 * The end user of a tool call, for built-in servers that keep per-user data (the notes server).
 *
 * One connection per server serves every user, so the user travels with each call, in the request's
 * `_meta`, signed with a key derived from AUTH_SECRET (HKDF) and bound to the server ("audience")
 * and a time. Only a process holding AUTH_SECRET can mint it, so nobody can call the notes server
 * as another user; a signature is accepted for 5 minutes. It is only ever sent to built-in servers.
 */
import { createHmac, hkdfSync, timingSafeEqual } from "node:crypto";
import { env as appEnv } from "@/lib/env";

type Env = { AUTH_SECRET?: string };

export const USER_META_KEY = "app.delegate/user";
const MAX_AGE_MS = 5 * 60 * 1000;

export interface SignedUser {
  id: string;
  /** Milliseconds since the epoch when it was signed. */
  ts: number;
  sig: string;
}

function key(env: Env): Buffer {
  const secret = env.AUTH_SECRET?.trim();
  if (!secret || secret.length < 16) {
    throw new Error(
      "AUTH_SECRET (at least 16 characters) is needed to identify users to built-in MCP servers.",
    );
  }
  return Buffer.from(hkdfSync("sha256", secret, "delegate-chat/mcp-identity", "hmac-sha256/v1", 32));
}

function mac(audience: string, userId: string, ts: number, env: Env): Buffer {
  return createHmac("sha256", key(env)).update(`${audience}\n${userId}\n${ts}`).digest();
}

export function signUser({
  userId,
  audience,
  now = Date.now(),
  env = appEnv(),
}: {
  userId: string;
  audience: string;
  now?: number;
  env?: Env;
}): SignedUser {
  return { id: userId, ts: now, sig: mac(audience, userId, now, env).toString("base64url") };
}

/** The user id a request's `_meta` carries, or null unless its signature is valid, fresh and for `audience`. */
export function verifyUser(
  meta: Record<string, unknown> | undefined,
  { audience, now = Date.now(), env = appEnv() }: { audience: string; now?: number; env?: Env },
): string | null {
  const v = meta?.[USER_META_KEY] as Partial<SignedUser> | undefined;
  if (!v || typeof v.id !== "string" || !v.id || typeof v.ts !== "number" || typeof v.sig !== "string") {
    return null;
  }
  if (Math.abs(now - v.ts) > MAX_AGE_MS) return null;
  const expected = mac(audience, v.id, v.ts, env);
  const given = Buffer.from(v.sig, "base64url");
  return given.length === expected.length && timingSafeEqual(given, expected) ? v.id : null;
}
