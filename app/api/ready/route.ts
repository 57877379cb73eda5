import { readiness } from "@/lib/ops/readiness";

export const dynamic = "force-dynamic";

/** GET /api/ready — readiness for a load balancer: 200 when the database is reachable and migrated, else 503. */
export async function GET() {
  const result = await readiness();
  return Response.json(result, {
    status: result.ready ? 200 : 503,
    headers: { "Cache-Control": "no-store" },
  });
}
