"use server";
import { revalidatePath } from "next/cache";
import { getTranslations } from "next-intl/server";
import { z } from "zod";
import { type ActionResult, failed, runAction, succeeded } from "@/lib/action-result";
import { requireUser } from "@/lib/auth/session";
import { cancelTask } from "@/lib/tasks/service";

// The Tasks page's Cancel button: the signed-in user cancels one of their own tasks.

export async function cancelTaskAction(raw: unknown): Promise<ActionResult> {
  return runAction(async () => {
    const user = await requireUser();
    const r = z.object({ id: z.string().min(1).max(100) }).safeParse(raw);
    if (!r.success) failed("not_found:task");
    await cancelTask({ id: r.data.id, userId: user.id });
    revalidatePath("/tasks");
    return succeeded(null, (await getTranslations("tasks"))("cancelled"));
  }, raw);
}
