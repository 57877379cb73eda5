"use server";
import { revalidatePath } from "next/cache";
import { z } from "zod";
import { requireAdminPage } from "@/lib/auth/session";
import { setUserDisabled } from "@/lib/db/users";
import { AppError } from "@/lib/errors";

const setDisabledInput = z.object({ userId: z.string().min(1), disabled: z.boolean() });

/** Disables or re-enables an account. Non-admins get a 404, exactly as for admin pages. */
export async function setUserDisabledAction(input: { userId: string; disabled: boolean }) {
  const admin = await requireAdminPage();
  const parsed = setDisabledInput.safeParse(input);
  if (!parsed.success) return { error: "Invalid request." };
  if (parsed.data.userId === admin.id) return { error: "You can't disable your own account." };
  try {
    await setUserDisabled({ id: parsed.data.userId, disabled: parsed.data.disabled });
  } catch (err) {
    if (err instanceof AppError) return { error: err.message };
    throw err;
  }
  revalidatePath("/admin");
  return { ok: true };
}
