import { beforeEach, describe, expect, it, vi } from "vitest";
import { DEMO_ENDPOINT_ID } from "@/lib/providers";
import { makeUser } from "../helpers/chat-fixtures";
import { serverIntl } from "../helpers/intl-server";
import { resetDatabase } from "../helpers/reset-db";

// The agent form's model picker labels the offline demo in the reader's language.
vi.mock("next-intl/server", () => import("../helpers/intl-server"));

const { formOptions } = await import("@/app/(app)/agents/form-options");

describe("formOptions", () => {
  beforeEach(async () => {
    await resetDatabase();
    serverIntl.locale = "en";
  });

  it("names the scripted demo from the catalog, in English and in Chinese", async () => {
    const user = await makeUser("Ada");
    const demo = async () => (await formOptions(user.id)).models.find((m) => m.id === DEMO_ENDPOINT_ID)?.name;
    expect(await demo()).toBe("Scripted demo · offline");
    serverIntl.locale = "zh-CN";
    expect(await demo()).toBe("脚本演示 · 离线");
  });
});
