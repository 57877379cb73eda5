export const dynamic = "force-dynamic";

/** GET /api/health — liveness: the process is up and serving. Touches nothing else. */
export function GET() {
  return Response.json({ status: "ok" }, { headers: { "Cache-Control": "no-store" } });
}
