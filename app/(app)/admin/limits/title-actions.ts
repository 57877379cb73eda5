"use server";
import { revalidatePath } from "next/cache";
import { type ActionResult, runAction, succeeded } from "@/lib/action-result";
import { requireAdminPage } from "@/lib/auth/session";
import { setTitleModel } from "@/lib/chat/titles";

/** Admin → Limits: the model that writes conversation titles (empty: each agent's own). */
export async function saveTitleModelAction(raw: {
  endpointId: string;
  model: string;
}): Promise<ActionResult<null>> {
  return runAction(async () => {
    await requireAdminPage();
    await setTitleModel({ endpointId: raw.endpointId, model: raw.model });
    revalidatePath("/admin/limits");
    return succeeded(null);
  }, raw);
}
