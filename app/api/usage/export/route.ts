import { requireUser } from "@/lib/auth/session";
import { route } from "@/lib/http/route";
import { csvPeriod, usageCsvResponse } from "@/lib/usage";

export const dynamic = "force-dynamic";

/** GET ?days=7|30|90 — the signed-in user's own usage as CSV (Settings → Usage); reads only. */
export const GET = route({}, async ({ search }) => {
  const user = await requireUser();
  return usageCsvResponse({ userId: user.id }, csvPeriod(search.get("days")));
});
