import { describe, expect, it } from "vitest";
import {
  addressThrottleKey,
  clientAddressFromHeaders,
  deriveClientAddress,
  markPeerAddressStamping,
  normalizeAddress,
  PEER_ADDRESS_HEADER,
  stampPeerAddress,
} from "./client-address";

const derive = (hops: number, forwardedFor: string | null, realIp: string | null = null, peer = "10.9.9.9") =>
  deriveClientAddress({ peer, forwardedFor, realIp, hops });

describe("client address with TRUSTED_PROXY_HOPS=0 (no proxy)", () => {
  it("is the socket address, whatever forwarding headers the client sends", () => {
    expect(derive(0, null)).toBe("10.9.9.9");
    expect(derive(0, "1.1.1.1")).toBe("10.9.9.9");
    expect(derive(0, "1.1.1.1, 2.2.2.2", "3.3.3.3")).toBe("10.9.9.9");
    expect(derive(0, null, "3.3.3.3")).toBe("10.9.9.9");
  });

  it("is unknown (null) when the socket address is unknown, never a header", () => {
    expect(
      deriveClientAddress({ peer: null, forwardedFor: "1.1.1.1", realIp: "2.2.2.2", hops: 0 }),
    ).toBeNull();
  });
});

describe("client address behind trusted proxies", () => {
  it("with one proxy, is the right-most X-Forwarded-For entry (what the proxy saw)", () => {
    expect(derive(1, "203.0.113.5")).toBe("203.0.113.5");
    // A client's forged entries sit to the left of what the proxy appended.
    expect(derive(1, "6.6.6.6, 7.7.7.7, 203.0.113.5")).toBe("203.0.113.5");
  });

  it("with two proxies, is the second entry from the right", () => {
    expect(derive(2, "6.6.6.6, 203.0.113.5, 10.0.0.2")).toBe("203.0.113.5");
  });

  it("uses the left-most entry when there are fewer entries than hops", () => {
    expect(derive(3, "203.0.113.5, 10.0.0.2")).toBe("203.0.113.5");
  });

  it("uses X-Real-IP only when a trusted proxy sent no X-Forwarded-For", () => {
    expect(derive(1, null, "203.0.113.8")).toBe("203.0.113.8");
    expect(derive(1, "203.0.113.5", "6.6.6.6")).toBe("203.0.113.5");
  });

  it("falls back to the socket address when the chosen entry is not an address", () => {
    expect(derive(1, "1.1.1.1, not-an-ip")).toBe("10.9.9.9");
    expect(derive(1, "", "garbage")).toBe("10.9.9.9");
  });

  it("each new forged X-Forwarded-For value yields the same address (the bypass of issue 11)", () => {
    const seen = new Set(
      Array.from({ length: 30 }, (_, i) => derive(1, `198.51.100.${i}, 203.0.113.5`)).map(addressThrottleKey),
    );
    expect([...seen]).toEqual(["ip:203.0.113.5"]);
  });
});

describe("address normalization and keys", () => {
  it("strips ports, brackets and the IPv4-mapped IPv6 prefix", () => {
    expect(normalizeAddress("::ffff:127.0.0.1")).toBe("127.0.0.1");
    expect(normalizeAddress("1.2.3.4:5678")).toBe("1.2.3.4");
    expect(normalizeAddress("[2001:DB8::1]:443")).toBe("2001:db8::1");
    expect(normalizeAddress("fe80::1%eth0")).toBe("fe80::1");
    expect(normalizeAddress("unknown")).toBeNull();
    expect(normalizeAddress("")).toBeNull();
    expect(normalizeAddress("9".repeat(200))).toBeNull();
  });

  it("keys IPv4 by address and IPv6 by /64", () => {
    expect(addressThrottleKey("1.2.3.4")).toBe("ip:1.2.3.4");
    expect(addressThrottleKey("2001:db8:1:2::1")).toBe("ip6:2001:0db8:0001:0002::/64");
    expect(addressThrottleKey("2001:db8:1:2:aaaa:bbbb:cccc:dddd")).toBe(
      addressThrottleKey("2001:db8:1:2::9"),
    );
    expect(addressThrottleKey("2001:db8:1:3::1")).not.toBe(addressThrottleKey("2001:db8:1:2::1"));
    expect(addressThrottleKey("::1")).toBe("ip6:0000:0000:0000:0000::/64");
    expect(addressThrottleKey(null)).toBe("ip:unknown");
  });
});

describe("reading a request", () => {
  const headers = new Headers({
    [PEER_ADDRESS_HEADER]: "::ffff:192.0.2.10",
    "x-forwarded-for": "6.6.6.6",
    "x-real-ip": "7.7.7.7",
  });

  it("ignores the peer header unless the app's own server stamped it", () => {
    expect(clientAddressFromHeaders(headers, 0)).toBeNull();
    markPeerAddressStamping();
    expect(clientAddressFromHeaders(headers, 0)).toBe("192.0.2.10");
    expect(clientAddressFromHeaders(headers, 1)).toBe("6.6.6.6");
    expect(clientAddressFromHeaders(undefined, 0)).toBeNull();
  });
});

describe("the app server's stamping", () => {
  it("replaces every client-sent copy of the peer header with the socket address", () => {
    const req = {
      headers: { [PEER_ADDRESS_HEADER]: "6.6.6.6, 7.7.7.7" } as Record<string, string | string[] | undefined>,
      rawHeaders: ["Host", "x", "X-Delegate-Peer-Address", "6.6.6.6", "x-delegate-peer-address", "7.7.7.7"],
      socket: { remoteAddress: "::ffff:192.0.2.44" },
    };
    stampPeerAddress(req as unknown as Parameters<typeof stampPeerAddress>[0]);
    expect(req.headers[PEER_ADDRESS_HEADER]).toBe("::ffff:192.0.2.44");
    expect(req.rawHeaders).toEqual(["Host", "x", PEER_ADDRESS_HEADER, "::ffff:192.0.2.44"]);
    markPeerAddressStamping();
    expect(clientAddressFromHeaders(new Headers(req.headers as Record<string, string>), 0)).toBe(
      "192.0.2.44",
    );
  });
});
