/**
 * The fetch of admin-registered HTTP MCP servers, under the address policy (./address-policy.ts)
 * at connect time: the name is resolved by this dispatcher's own lookup and every address it
 * returns is checked before the socket connects to it (so a name that resolves differently later,
 * DNS rebinding, is judged on the address actually used); IP literals, which skip the lookup, are
 * checked per request; redirects are followed here, each target checked the same way.
 */

import type { LookupAddress, LookupAllOptions } from "node:dns";
import dns from "node:dns";
import { Agent, fetch as undiciFetch } from "undici";
import {
  type AddressPolicy,
  AddressRefusedError,
  addressRefusal,
  hostAllowed,
  urlRefusal,
} from "./address-policy";

const MAX_REDIRECTS = 5;

type LookupCallback = (
  err: NodeJS.ErrnoException | null,
  address: string | LookupAddress[],
  family?: number,
) => void;

function guardedLookup(policy: AddressPolicy) {
  return (
    hostname: string,
    options: Omit<LookupAllOptions, "all"> & { all?: boolean },
    callback: LookupCallback,
  ) => {
    dns.lookup(
      hostname,
      { ...options, all: true },
      (err: NodeJS.ErrnoException | null, addresses: LookupAddress[]) => {
        if (err) return callback(err, []);
        const allowedName = hostAllowed(hostname, policy);
        for (const a of addresses) {
          const reason = addressRefusal(a.address, policy, { hostAllowed: allowedName });
          if (reason) return callback(new AddressRefusedError(`${hostname} resolves to ${reason}`), []);
        }
        if (options.all) return callback(null, addresses);
        const first = addresses[0];
        return callback(null, first.address, first.family);
      },
    );
  };
}

/**
 * A fetch that connects only where `policy` allows. `secretHeaders` (the server's configured
 * headers) are not sent on to another origin a redirect points to.
 */
export function guardedFetch(policy: AddressPolicy, { secretHeaders = [] as string[] } = {}): typeof fetch {
  const dispatcher = new Agent({ connect: { lookup: guardedLookup(policy) } });
  const once = (url: string, init: RequestInit | undefined) => {
    const refusal = urlRefusal(url, policy);
    if (refusal)
      return Promise.reject(new TypeError("fetch failed", { cause: new AddressRefusedError(refusal) }));
    // undici's own fetch with its own dispatcher, as undici documents.
    return undiciFetch(url, {
      ...(init as Parameters<typeof undiciFetch>[1]),
      redirect: "manual",
      dispatcher,
    }) as unknown as Promise<Response>;
  };
  return async (input, init) => {
    let url = input instanceof Request ? input.url : String(input);
    let current = init;
    for (let hop = 0; ; hop++) {
      const res = await once(url, current);
      const location = res.status >= 300 && res.status < 400 ? res.headers.get("location") : null;
      if (!location) return asGlobalResponse(res);
      if (hop >= MAX_REDIRECTS)
        throw new TypeError("fetch failed", { cause: new Error("too many redirects") });
      await res.body?.cancel();
      const next = new URL(location, url);
      if (next.origin !== new URL(url).origin && secretHeaders.length) {
        const headers = new Headers(current?.headers);
        for (const name of secretHeaders) headers.delete(name);
        current = { ...current, headers };
      }
      url = next.toString();
      // As fetch does: 303, and 301/302 after a POST, go on as a GET without a body.
      const method = (current?.method ?? "GET").toUpperCase();
      if (res.status === 303 || ((res.status === 301 || res.status === 302) && method === "POST"))
        current = { ...current, method: "GET", body: undefined };
    }
  };
}

const NULL_BODY = new Set([204, 205, 304]);

/**
 * The npm undici's Response is another class than the runtime's global Response, and callers test
 * `instanceof Response` (the MCP SDK's OAuth error parsing does: an invalid_grant otherwise reads
 * as an unknown server error, and a revoked refresh token is never forgotten). Same body, status
 * and headers, as the global class.
 */
function asGlobalResponse(res: Response): Response {
  if (res instanceof Response) return res;
  // Typed as the global class already (see `once`), so TypeScript thinks this line unreachable.
  const { status, statusText, headers, body } = res as Response;
  return new Response(NULL_BODY.has(status) ? null : body, { status, statusText, headers });
}
