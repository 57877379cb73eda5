import { beforeEach, describe, expect, it, vi } from "vitest";
import { registerUser } from "@/lib/auth/register";
import { query, resetDatabase } from "../helpers/reset-db";

// Settings → Language, called as the browser calls the server action: who is signed in comes from
// the mocked Auth.js session, never from the input.
const session = vi.hoisted(() => ({ userId: null as string | null }));
vi.mock("@/lib/auth/index", () => ({
  auth: async () =>
    session.userId ? (await import("../helpers/auth-session")).testSession(session.userId) : null,
}));
vi.mock("next/cache", () => ({ revalidatePath: () => {} }));
// No Next.js request here: the action's messages come from the English catalog.
vi.mock("next-intl/server", () => ({
  getTranslations: async (namespace?: string) => {
    const { translatorFor } = await import("@/lib/i18n/translator");
    const t = (await translatorFor("en")) as unknown as (key: string, values?: object) => string;
    return (key: string, values?: object) => t(namespace ? `${namespace}.${key}` : key, values);
  },
}));

const { saveMyLocaleAction } = await import("@/app/(app)/settings/actions");

async function storedLocale(id: string): Promise<string | null> {
  const rows = await query<{ locale: string | null }>(`SELECT "locale" FROM "User" WHERE "id" = $1`, [id]);
  return rows[0].locale;
}

describe("saveMyLocaleAction", () => {
  let ada: string;
  let bob: string;
  beforeEach(async () => {
    await resetDatabase();
    const reg = (name: string) =>
      registerUser({
        input: { name, email: `${name.toLowerCase()}@example.com`, password: "correct-horse-42" },
      });
    ada = (await reg("Ada")).id;
    bob = (await reg("Bob")).id;
    session.userId = ada;
  });

  it('stores a language of ours, and automatic ("") as null', async () => {
    expect(await saveMyLocaleAction({ locale: "zh-CN" })).toEqual({ ok: true, data: { locale: "zh-CN" } });
    expect(await storedLocale(ada)).toBe("zh-CN");
    expect(await saveMyLocaleAction({ locale: "en" })).toMatchObject({ ok: true });
    expect(await storedLocale(ada)).toBe("en");
    expect(await saveMyLocaleAction({ locale: "" })).toEqual({ ok: true, data: { locale: null } });
    expect(await storedLocale(ada)).toBeNull();
  });

  it.each([
    ["an unknown tag", { locale: "fr" }],
    ["a near miss", { locale: "zh-cn" }],
    ["a number", { locale: 42 }],
    ["no locale", {}],
    ["null input", null],
  ])("refuses %s with bad_request:locale and writes nothing", async (_name, input) => {
    await saveMyLocaleAction({ locale: "zh-CN" });
    const r = await saveMyLocaleAction(input);
    expect(r).toMatchObject({
      ok: false,
      error: {
        code: "bad_request:locale",
        message: "Choose one of the languages offered.",
        fields: { locale: "Choose one of the languages offered." },
      },
    });
    expect(await storedLocale(ada)).toBe("zh-CN");
  });

  it("changes only the signed-in user's language, whatever the input names", async () => {
    const r = await saveMyLocaleAction({ locale: "zh-CN", userId: bob, id: bob });
    expect(r).toMatchObject({ ok: true });
    expect(await storedLocale(ada)).toBe("zh-CN");
    expect(await storedLocale(bob)).toBeNull();
  });

  it("refuses a visitor who is not signed in", async () => {
    session.userId = null;
    expect(await saveMyLocaleAction({ locale: "zh-CN" })).toMatchObject({
      ok: false,
      error: { code: "unauthorized" },
    });
    expect(await storedLocale(ada)).toBeNull();
    expect(await storedLocale(bob)).toBeNull();
  });
});
