/**
 * Which addresses an admin-registered MCP server may have: the server makes HTTP requests on the
 * admin's behalf, and a URL pointing inside the deployment (the cloud's metadata service, a
 * database's admin port) would turn the app into a proxy for it (SSRF).
 *
 * - Never: link-local (169.254.0.0/16, fe80::/10, where cloud metadata services live), the metadata
 *   services' own names and IPv6 addresses, unspecified (0.0.0.0, ::), multicast and broadcast —
 *   whatever the operator allows.
 * - Only when the operator allows it (MCP_ALLOWED_NETWORKS): loopback ("loopback"), private ranges
 *   ("private": RFC 1918, CGNAT, unique-local IPv6), other CIDRs, or host names.
 * - Public addresses: always.
 *
 * Checked on save (the URL as written, and what its name resolves to) and again on every connection
 * (lib/mcp/guarded-fetch.ts: the address actually connected to, after DNS resolution, and every
 * redirect). IPv4 in any spelling (decimal, hex, octal) reaches here already normalised by the URL
 * parser; IPv4-mapped IPv6 is judged as the IPv4 it carries. URLs with credentials are refused:
 * credentials go in a header, whose value is kept encrypted.
 */
import { lookup } from "node:dns/promises";
import { BlockList, isIP } from "node:net";

export interface AddressPolicy {
  loopback: boolean;
  private: boolean;
  /** Extra networks the operator allows (CIDRs). */
  networks: BlockList;
  /** Host names the operator allows whatever they resolve to (except the never-allowed addresses). */
  hosts: Set<string>;
}

const NEVER_NAMES = new Set([
  "metadata.google.internal",
  "metadata.goog",
  "metadata",
  "instance-data",
  "instance-data.ec2.internal",
  "metadata.azure.com",
]);

function blockList(v4: string[], v6: string[]): BlockList {
  const list = new BlockList();
  for (const cidr of v4) list.addSubnet(cidr.split("/")[0], Number(cidr.split("/")[1]), "ipv4");
  for (const cidr of v6) list.addSubnet(cidr.split("/")[0], Number(cidr.split("/")[1]), "ipv6");
  return list;
}

const NEVER = blockList(
  ["0.0.0.0/8", "169.254.0.0/16", "224.0.0.0/4", "240.0.0.0/4", "100.100.100.200/32"],
  ["::/128", "fe80::/10", "ff00::/8", "fd00:ec2::254/128"],
);
const LOOPBACK = blockList(["127.0.0.0/8"], ["::1/128"]);
const PRIVATE = blockList(
  ["10.0.0.0/8", "172.16.0.0/12", "192.168.0.0/16", "100.64.0.0/10", "198.18.0.0/15"],
  ["fc00::/7"],
);

/** Parses MCP_ALLOWED_NETWORKS: "loopback", "private", CIDRs and host names, comma-separated. */
export function parseAddressPolicy(value: string | undefined): AddressPolicy {
  const policy: AddressPolicy = {
    loopback: false,
    private: false,
    networks: new BlockList(),
    hosts: new Set(),
  };
  for (const raw of (value ?? "").split(",")) {
    const item = raw.trim().toLowerCase();
    if (!item) continue;
    if (item === "loopback") policy.loopback = true;
    else if (item === "private") policy.private = true;
    else if (item.includes("/")) {
      const [ip, bits] = item.split("/");
      const family = isIP(ip);
      const prefix = Number(bits);
      if (!family || !Number.isInteger(prefix) || prefix < 0 || prefix > (family === 4 ? 32 : 128))
        throw new Error(`"${raw.trim()}" is not a CIDR (e.g. 10.1.0.0/16)`);
      policy.networks.addSubnet(ip, prefix, family === 4 ? "ipv4" : "ipv6");
    } else if (/^[a-z0-9.-]+$/.test(item)) policy.hosts.add(item.replace(/\.$/, ""));
    else throw new Error(`"${raw.trim()}" is neither loopback, private, a CIDR nor a host name`);
  }
  return policy;
}

/** An IP as the URL parser or DNS gives it, IPv4-mapped IPv6 turned into its IPv4. */
function normalise(ip: string): { address: string; type: "ipv4" | "ipv6" } | null {
  const bare = ip.replace(/^\[|\]$/g, "").toLowerCase();
  const family = isIP(bare);
  if (family === 4) return { address: bare, type: "ipv4" };
  if (family !== 6) return null;
  const mapped = /^(?:0{0,4}:){0,4}:?(?:0{0,4}:)?ffff:(.+)$/.exec(bare)?.[1];
  if (mapped) {
    if (isIP(mapped) === 4) return { address: mapped, type: "ipv4" };
    const [hi, lo] = mapped.split(":").map((h) => Number.parseInt(h, 16));
    if (mapped.split(":").length === 2 && hi <= 0xffff && lo <= 0xffff)
      return { address: [hi >> 8, hi & 255, lo >> 8, lo & 255].join("."), type: "ipv4" };
  }
  return { address: bare, type: "ipv6" };
}

/** Why this address may not be connected to, or null when it may. */
export function addressRefusal(
  ip: string,
  policy: AddressPolicy,
  { hostAllowed = false } = {},
): string | null {
  const n = normalise(ip);
  if (!n) return `"${ip}" is not an IP address`;
  if (NEVER.check(n.address, n.type))
    return `${n.address} is a link-local, metadata, unspecified or multicast address, which MCP servers may never have`;
  if (hostAllowed || policy.networks.check(n.address, n.type)) return null;
  if (LOOPBACK.check(n.address, n.type) && !policy.loopback)
    return `${n.address} is a loopback address; the operator can allow it with MCP_ALLOWED_NETWORKS=loopback`;
  if (PRIVATE.check(n.address, n.type) && !policy.private)
    return `${n.address} is a private address; the operator can allow it with MCP_ALLOWED_NETWORKS=private (or its CIDR)`;
  return null;
}

/** Whether the operator named this host as allowed. */
export function hostAllowed(hostname: string, policy: AddressPolicy): boolean {
  return policy.hosts.has(hostname.toLowerCase().replace(/\.$/, ""));
}

/**
 * Why this URL may not be used for an MCP server as written (before DNS), or null: scheme,
 * credentials, the metadata services' names, and IP literals by the rules above.
 */
export function urlRefusal(raw: string, policy: AddressPolicy): string | null {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return "it is not a valid URL";
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") return "only http(s) URLs can be used";
  if (url.username || url.password)
    return "URLs with a user name or password can't be used; send credentials in a header";
  const host = url.hostname.toLowerCase().replace(/\.$/, "");
  if (NEVER_NAMES.has(host)) return `${host} is a cloud metadata service, which MCP servers may never be`;
  // Names (localhost among them) are judged by what they resolve to.
  return isIP(host.replace(/^\[|\]$/g, "")) ? addressRefusal(host, policy) : null;
}

/** The error a refused address becomes inside a connection (lib/mcp/classify.ts words it). */
export class AddressRefusedError extends Error {
  readonly code = "ERR_MCP_ADDRESS_REFUSED";
  constructor(reason: string) {
    super(`address not allowed: ${reason}`);
    this.name = "AddressRefusedError";
  }
}

/**
 * `urlRefusal`, then what the URL's name resolves to now (a name that doesn't resolve is left to
 * the connection to report).
 */
export async function resolvedUrlRefusal(raw: string, policy: AddressPolicy): Promise<string | null> {
  const refusal = urlRefusal(raw, policy);
  if (refusal) return refusal;
  const host = new URL(raw).hostname.replace(/\.$/, "");
  if (isIP(host.replace(/^\[|\]$/g, ""))) return null;
  const addresses = await lookup(host, { all: true }).catch(() => []);
  const allowed = hostAllowed(host, policy);
  for (const a of addresses) {
    const reason = addressRefusal(a.address, policy, { hostAllowed: allowed });
    if (reason) return `${host} resolves to ${reason}`;
  }
  return null;
}
