// Same-origin check for state-changing requests (JSON routes and server actions), the way Next.js
// checks server actions: the `Origin` host must equal the `X-Forwarded-Host` or `Host` header.
// Browsers send `Origin` on every cross-origin request and on same-origin POST/PUT/PATCH/DELETE;
// a request without it and without `Sec-Fetch-Site` is not from a browser (curl, scripts) and
// cannot carry a victim's cookies, so it is let through.

function hostOf(headers: Headers): string | null {
  const forwarded = headers.get("x-forwarded-host")?.split(",")[0]?.trim();
  return forwarded || headers.get("host") || null;
}

export function isForeignOrigin(headers: Headers): boolean {
  const origin = headers.get("origin");
  if (origin === null) {
    const site = headers.get("sec-fetch-site");
    return site !== null && site !== "same-origin" && site !== "none";
  }
  if (origin === "null") return true;
  let originHost: string;
  try {
    originHost = new URL(origin).host;
  } catch {
    return true;
  }
  const host = hostOf(headers);
  return host === null || originHost.toLowerCase() !== host.toLowerCase();
}
