import { requireUser } from "@/lib/auth/session";
import { exportEvalRun } from "@/lib/evals/service";
import { route } from "@/lib/http/route";

export const dynamic = "force-dynamic";

/** GET ?format=csv|json — an eval run's results as a download (404 for a run the user may not see). Reads only. */
export const GET = route<{ id: string }>({}, async ({ params: { id }, search }) => {
  const user = await requireUser();
  const file = await exportEvalRun({ evalRunId: id, userId: user.id, format: search.get("format") ?? "csv" });
  return new Response(file.body, {
    headers: {
      "Content-Type": file.type,
      "Content-Disposition": `attachment; filename="${file.filename}"`,
      "Cache-Control": "private, no-store",
      "X-Content-Type-Options": "nosniff",
    },
  });
});
