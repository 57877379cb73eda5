"use server";
import { revalidatePath } from "next/cache";
import { z } from "zod";
import { type ActionResult, failed, runAction, succeeded } from "@/lib/action-result";
import { recordAdminAction } from "@/lib/audit/record";
import { requireAdminPage } from "@/lib/auth/session";
import { setUserApiAccess } from "@/lib/db/api-keys";

const input = z.object({ userId: z.string().min(1).max(100), access: z.enum(["default", "on", "off"]) });
const VALUE = { default: null, on: true, off: false } as const;
const label = (v: boolean | null) => (v === null ? "default" : v ? "on" : "off");

/** Switches one user's Agents API access on, off, or back to the default; takes effect at the next request. */
export async function setApiAccessAction(raw: unknown): Promise<ActionResult> {
  return runAction(async () => {
    const admin = await requireAdminPage();
    const r = input.safeParse(raw);
    if (!r.success) return failed("bad_request");
    const done = await setUserApiAccess({ id: r.data.userId, apiAccess: VALUE[r.data.access] });
    if (!done) return failed("not_found:user");
    if (done.before !== VALUE[r.data.access]) {
      await recordAdminAction({
        actor: admin,
        kind: "user",
        targetUser: done.user,
        changes: [{ key: "apiAccess", from: label(done.before), to: r.data.access }],
      });
    }
    revalidatePath("/admin/api-keys");
    return succeeded(null);
  }, raw);
}
