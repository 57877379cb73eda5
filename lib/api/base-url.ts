import { env } from "@/lib/env";

/**
 * The origin API clients should call, for the docs page's examples: AUTH_URL when set (the public
 * address an admin configured), else the request's Host. X-Forwarded-Proto is believed only behind
 * trusted proxies (TRUSTED_PROXY_HOPS), as for client addresses.
 */
export function publicOrigin(headers: { get(name: string): string | null }, current = env()): string {
  if (current.AUTH_URL) return current.AUTH_URL.replace(/\/+$/, "");
  const host = headers.get("host") ?? "localhost:3000";
  const forwarded = current.TRUSTED_PROXY_HOPS > 0 ? headers.get("x-forwarded-proto") : null;
  const proto = forwarded === "https" || forwarded === "http" ? forwarded : "http";
  return `${proto}://${host}`;
}
