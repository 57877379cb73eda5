"use server";
import { revalidatePath } from "next/cache";
import { type ActionResult, runAction, succeeded } from "@/lib/action-result";
import { requireAdminPage } from "@/lib/auth/session";
import { setTemporaryChatHours } from "@/lib/chat/temporary-chats";

/** Admin → Limits: how long a temporary chat lives before it is deleted. */
export async function saveTemporaryHoursAction(raw: {
  hours: string;
}): Promise<ActionResult<{ hours: number }>> {
  return runAction(async () => {
    await requireAdminPage();
    const hours = await setTemporaryChatHours(raw.hours);
    revalidatePath("/admin/limits");
    return succeeded({ hours });
  }, raw);
}
