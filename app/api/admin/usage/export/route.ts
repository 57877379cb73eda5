import { requireAdmin } from "@/lib/auth/session";
import { route } from "@/lib/http/route";
import { csvPeriod, usageCsvResponse } from "@/lib/usage";

export const dynamic = "force-dynamic";

/** GET ?days=7|30|90 — every user's usage as CSV (Admin → Usage); 404 for anyone but an admin. */
export const GET = route({}, async ({ search }) => {
  await requireAdmin();
  return usageCsvResponse({ all: true }, csvPeriod(search.get("days")));
});
