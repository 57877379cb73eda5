import { describe, expect, it } from "vitest";
import { addressRefusal, parseAddressPolicy, urlRefusal } from "./address-policy";

const none = parseAddressPolicy(undefined);
const everything = parseAddressPolicy("loopback, private, 169.254.0.0/16, metadata.google.internal");

describe("MCP server address policy", () => {
  it("never allows link-local, metadata, unspecified addresses or credentials, in any spelling", () => {
    for (const url of [
      "http://169.254.169.254/latest/meta-data/",
      "http://metadata.google.internal/computeMetadata/v1/",
      "http://[fd00:ec2::254]/",
      "http://[::ffff:169.254.169.254]/",
      "http://[::ffff:a9fe:a9fe]/",
      "http://2852039166/",
      "http://0xa9.0xfe.0xa9.0xfe/",
      "http://0251.0376.0251.0376/",
      "http://0.0.0.0:8080/",
      "http://[::]/",
      "http://[fe80::1]/",
      "http://user:pass@example.com/mcp",
    ])
      for (const policy of [none, everything]) expect(urlRefusal(url, policy), url).not.toBeNull();
  });

  it("allows loopback and private ranges only when the operator says so", () => {
    for (const url of [
      "http://127.0.0.1:3000/mcp",
      "http://2130706433/",
      "http://[::1]/",
      "http://10.1.2.3/",
      "http://192.168.0.10/",
      "http://172.16.5.5/",
      "http://[fd12::1]/",
      "http://[::ffff:10.0.0.1]/",
    ]) {
      expect(urlRefusal(url, none), url).toMatch(/MCP_ALLOWED_NETWORKS/);
      expect(urlRefusal(url, parseAddressPolicy("loopback,private")), url).toBeNull();
    }
    expect(addressRefusal("10.9.8.7", parseAddressPolicy("10.9.0.0/16"))).toBeNull();
    expect(addressRefusal("10.8.8.7", parseAddressPolicy("10.9.0.0/16"))).toMatch(/private/);
    // Public addresses and names are always fine (names are judged again after resolution).
    expect(urlRefusal("https://mcp.example.com/mcp?key=1", none)).toBeNull();
    expect(urlRefusal("http://93.184.216.34/", none)).toBeNull();
  });

  it("refuses settings it can't read", () => {
    expect(() => parseAddressPolicy("10.0.0.0/33")).toThrow(/not a CIDR/);
    expect(() => parseAddressPolicy("what ever")).toThrow(/neither/);
  });
});
