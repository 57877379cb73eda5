import { describe, expect, it } from "vitest";
import { chooseLocale, negotiateLocale } from "./locales";

describe("negotiateLocale", () => {
  it("takes the heaviest language we have, any Chinese as zh-CN", () => {
    expect(negotiateLocale("zh-CN,zh;q=0.9,en;q=0.8")).toBe("zh-CN");
    expect(negotiateLocale("fr-FR,zh-TW;q=0.8,en;q=0.5")).toBe("zh-CN");
    expect(negotiateLocale("en-GB,en;q=0.9")).toBe("en");
    expect(negotiateLocale("en;q=0.3,zh-Hans;q=0.7")).toBe("zh-CN");
  });

  it("is null for nothing we have, a wildcard, q=0 or garbage", () => {
    expect(negotiateLocale("fr,de;q=0.5")).toBeNull();
    expect(negotiateLocale("*")).toBeNull();
    expect(negotiateLocale("zh;q=0")).toBeNull();
    expect(negotiateLocale(";;,,q=x\u0000")).toBeNull();
    expect(negotiateLocale(undefined)).toBeNull();
  });
});

describe("chooseLocale", () => {
  it("prefers the user's stored choice, then the browser's, then English", () => {
    expect(chooseLocale("zh-CN", "en")).toBe("zh-CN");
    expect(chooseLocale(null, "zh")).toBe("zh-CN");
    expect(chooseLocale("xx", "de")).toBe("en");
  });
});
