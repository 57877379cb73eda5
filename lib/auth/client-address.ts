// Where a request came from, for throttling sign-ins. The address is derived the way a
// proxy-aware server does it: with TRUSTED_PROXY_HOPS=0 (the default) it is the TCP peer of the
// connection, and X-Forwarded-For / X-Real-IP are ignored, because any client can send them.
// Behind N trusted reverse proxies it is the address N hops from the right of X-Forwarded-For
// (each proxy appends the address it received the request from, so the right-most N entries
// were written by proxies we trust; everything further left may be forged by the client).
//
// Next.js does not give route handlers or server actions the socket address, so the app's own
// HTTP server (scripts/server.ts) removes PEER_ADDRESS_HEADER from every incoming request and
// sets it to the socket's remote address, and marks the process so the header is believed.
import type { IncomingMessage } from "node:http";
import { isIP } from "node:net";

/** Internal request header carrying the TCP peer address; never accepted from clients. */
export const PEER_ADDRESS_HEADER = "x-delegate-peer-address";
const SERVER_MARK = Symbol.for("delegate-chat.peer-address-stamped");

type HeaderSource = Headers | { get(name: string): string | null };

/**
 * For the app's HTTP server, on every incoming request before Next sees it: removes the peer
 * header a client may have sent (in any spelling, any number of times) and sets it to the
 * socket's remote address.
 */
export function stampPeerAddress(req: Pick<IncomingMessage, "headers" | "rawHeaders" | "socket">): void {
  for (let i = req.rawHeaders.length - 2; i >= 0; i -= 2) {
    if (req.rawHeaders[i].toLowerCase() === PEER_ADDRESS_HEADER) req.rawHeaders.splice(i, 2);
  }
  const peer = req.socket.remoteAddress ?? "";
  req.headers[PEER_ADDRESS_HEADER] = peer;
  req.rawHeaders.push(PEER_ADDRESS_HEADER, peer);
}

/** Called by the app's HTTP server once it strips and stamps PEER_ADDRESS_HEADER on every request. */
export function markPeerAddressStamping(): void {
  (globalThis as Record<symbol, unknown>)[SERVER_MARK] = true;
}

function peerAddressTrusted(): boolean {
  return (globalThis as Record<symbol, unknown>)[SERVER_MARK] === true;
}

/**
 * A bare IP address from a header or socket value: drops brackets and ports ("[::1]:80",
 * "1.2.3.4:5678") and unwraps IPv4-mapped IPv6 ("::ffff:1.2.3.4"). Null when it is not an IP.
 */
export function normalizeAddress(raw: string | null | undefined): string | null {
  if (!raw) return null;
  let value = raw.trim();
  if (value.length > 100) return null;
  const bracketed = /^\[([^\]]+)\](?::\d+)?$/.exec(value);
  if (bracketed) value = bracketed[1];
  else if (/^[\d.]+:\d+$/.test(value)) value = value.slice(0, value.lastIndexOf(":"));
  value = value.replace(/%[\w.-]+$/, ""); // IPv6 zone id
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(value);
  if (mapped) value = mapped[1];
  return isIP(value) ? value.toLowerCase() : null;
}

export interface AddressInputs {
  /** The TCP peer of the connection (null when unknown). */
  peer: string | null;
  /** X-Forwarded-For as received (several headers joined with commas). */
  forwardedFor: string | null;
  /** X-Real-IP as received. */
  realIp: string | null;
  /** TRUSTED_PROXY_HOPS. */
  hops: number;
}

/**
 * The client address: the socket peer when hops = 0; otherwise the X-Forwarded-For entry `hops`
 * places from the right. When the header has fewer entries than that (every entry came from a
 * trusted proxy), the left-most one; when a trusted proxy sent no X-Forwarded-For at all, its
 * X-Real-IP; when none of these is a valid address, the socket peer. Null when nothing is known.
 */
export function deriveClientAddress({ peer, forwardedFor, realIp, hops }: AddressInputs): string | null {
  const socket = normalizeAddress(peer);
  if (hops <= 0) return socket;
  const entries = (forwardedFor ?? "")
    .split(",")
    .map((e) => e.trim())
    .filter(Boolean);
  if (entries.length > 0) {
    const picked = entries[Math.max(0, entries.length - hops)];
    return normalizeAddress(picked) ?? socket;
  }
  return normalizeAddress(realIp) ?? socket;
}

/** Expands an IPv6 address to its eight 4-digit groups. */
function expandIpv6(address: string): string[] {
  let text = address;
  const v4 = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(text);
  if (v4) {
    const [a, b, c, d] = v4.slice(1).map(Number);
    text = `${text.slice(0, v4.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head, tail] = text.split("::");
  const left = head ? head.split(":") : [];
  const right = tail !== undefined && tail !== "" ? tail.split(":") : [];
  const fill = tail === undefined ? [] : Array(8 - left.length - right.length).fill("0");
  return [...left, ...fill, ...right].map((g) => g.padStart(4, "0"));
}

/**
 * The throttle key of an address. An IPv6 client usually controls a whole /64, so IPv6
 * addresses are keyed by their /64 prefix; IPv4 by the full address.
 */
export function addressThrottleKey(address: string | null): string {
  if (!address) return "ip:unknown";
  if (isIP(address) === 6) return `ip6:${expandIpv6(address).slice(0, 4).join(":")}::/64`;
  return `ip:${address}`;
}

/** The client address of a request, per TRUSTED_PROXY_HOPS (see the README's security section). */
export function clientAddressFromHeaders(headers: HeaderSource | undefined, hops: number): string | null {
  if (!headers) return null;
  return deriveClientAddress({
    peer: peerAddressTrusted() ? headers.get(PEER_ADDRESS_HEADER) : null,
    forwardedFor: headers.get("x-forwarded-for"),
    realIp: headers.get("x-real-ip"),
    hops,
  });
}
