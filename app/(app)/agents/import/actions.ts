"use server";
import { revalidatePath } from "next/cache";
import { type ActionResult, runAction, succeeded } from "@/lib/action-result";
import { requireUser } from "@/lib/auth/session";
import { requestErrorLocale } from "@/lib/http/error-body";
import { type ImportPlan, importTeam, planTeamImport } from "@/lib/teams/import";

// The import page's two steps, on the same code path as POST /api/agents/import(/preview) and the CLI.

/** The tree, its verdicts and what needs mapping; writes nothing. */
export async function previewTeamImportAction(input: unknown): Promise<ActionResult<{ plan: ImportPlan }>> {
  return runAction(async () => {
    const user = await requireUser();
    const { plan } = await planTeamImport({ userId: user.id, input, locale: await requestErrorLocale() });
    return succeeded({ plan });
  }, input);
}

/** Writes the team (all agents or none). */
export async function importTeamAction(
  input: unknown,
): Promise<ActionResult<{ rootId: string; created: number; updated: number }>> {
  return runAction(async () => {
    const user = await requireUser();
    const result = await importTeam({ userId: user.id, input });
    revalidatePath("/agents");
    return succeeded(result);
  }, input);
}
