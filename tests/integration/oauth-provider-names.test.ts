import { describe, expect, it, vi } from "vitest";
import { translatorFor } from "@/lib/i18n/translator";

// The sign-in buttons name an OIDC provider the admin left unnamed in the reader's language; a
// name the admin chose is shown as written. next-auth's root module needs Next.js' server runtime;
// the providers only take its customFetch symbol from it.
vi.mock("next-auth", () => ({ customFetch: Symbol("customFetch") }));
const { oauthProviderList } = await import("@/lib/auth/providers");
const oidc = (name?: string) => ({
  AUTH_OIDC_ISSUER: "https://idp.example.com",
  AUTH_OIDC_ID: "client",
  AUTH_OIDC_SECRET: "secret",
  AUTH_OIDC_NAME: name,
  AUTH_PROVIDER_TIMEOUT_MS: 5000,
});

describe("oauthProviderList", () => {
  it("calls an unnamed OIDC provider by the catalog's name, in English and Chinese", async () => {
    for (const [locale, expected] of [
      ["en", "Single sign-on"],
      ["zh-CN", "单点登录"],
    ] as const) {
      const t = await translatorFor(locale);
      const list = oauthProviderList(oidc() as never, t("auth.form.oidcDefaultName" as never));
      expect(list).toEqual([{ id: "oidc", name: expected }]);
    }
  });

  it("keeps the admin's own name", async () => {
    const t = await translatorFor("zh-CN");
    expect(oauthProviderList(oidc("Acme SSO") as never, t("auth.form.oidcDefaultName" as never))).toEqual([
      { id: "oidc", name: "Acme SSO" },
    ]);
  });
});
