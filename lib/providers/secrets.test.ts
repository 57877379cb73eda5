import { describe, expect, it } from "vitest";
import { decryptSecret, encryptSecret, isEncryptedSecret, maskKey, SecretError } from "./secrets";

const env = { APP_ENCRYPTION_KEY: "test-encryption-key-0123456789abcdef" };
const key = "sk-proj-SUPERSECRET-abcd1234";

describe("secrets", () => {
  it("encrypts so that the stored value does not contain the plaintext, and decrypts back", () => {
    const stored = encryptSecret(key, { env });
    expect(stored.startsWith("enc:v1:")).toBe(true);
    expect(isEncryptedSecret(stored)).toBe(true);
    expect(stored).not.toContain(key);
    expect(stored).not.toContain("SUPERSECRET");
    expect(Buffer.from(stored.split(":").at(-1) ?? "", "base64url").toString("utf8")).not.toContain(
      "SUPERSECRET",
    );
    expect(decryptSecret(stored, { env })).toBe(key);
  });

  it("uses a random IV: the same key encrypts differently each time", () => {
    expect(encryptSecret(key, { env })).not.toBe(encryptSecret(key, { env }));
  });

  it("falls back to AUTH_SECRET and fails clearly with another secret, context or a tampered value", () => {
    const stored = encryptSecret(key, { env: { AUTH_SECRET: "auth-secret-value-1234567890" } });
    expect(decryptSecret(stored, { env: { AUTH_SECRET: "auth-secret-value-1234567890" } })).toBe(key);
    const wrong = () => decryptSecret(stored, { env });
    expect(wrong).toThrow(SecretError);
    expect(wrong).toThrow(/could not be decrypted/);

    const bound = encryptSecret(key, { env, context: "endpoint:1" });
    expect(decryptSecret(bound, { env, context: "endpoint:1" })).toBe(key);
    expect(() => decryptSecret(bound, { env, context: "endpoint:2" })).toThrow(SecretError);

    const parts = stored.split(":");
    const data = Buffer.from(parts[4], "base64url");
    data[0] ^= 1;
    parts[4] = data.toString("base64url");
    expect(() =>
      decryptSecret(parts.join(":"), { env: { AUTH_SECRET: "auth-secret-value-1234567890" } }),
    ).toThrow(SecretError);
  });

  it("refuses to work without a secret", () => {
    expect(() => encryptSecret(key, { env: {} })).toThrow(/APP_ENCRYPTION_KEY/);
    expect(() => encryptSecret(key, { env: { APP_ENCRYPTION_KEY: "short" } })).toThrow(/at least 16/);
  });

  it("masks keys to the last 4 characters", () => {
    expect(maskKey(key)).toBe("••••1234");
    expect(maskKey("abc")).toBe("••••");
    expect(maskKey(undefined)).toBe("");
  });
});
