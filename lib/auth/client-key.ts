// The address a request came from, used to throttle failed sign-ins. Behind a reverse proxy the
// proxy's X-Forwarded-For is used; set TRUST_PROXY=false when clients reach the app directly
// and could forge that header.
export function clientKeyFromHeaders(
  headers: Headers | { get(name: string): string | null } | undefined,
): string {
  if (!headers) return "ip:unknown";
  const trustProxy = process.env.TRUST_PROXY !== "false";
  const forwarded = trustProxy ? headers.get("x-forwarded-for")?.split(",")[0]?.trim() : undefined;
  const ip = forwarded || headers.get("x-real-ip") || "unknown";
  return `ip:${ip}`;
}
