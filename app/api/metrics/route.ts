import { route } from "@/lib/http/route";
import { assertMetricsAccess } from "@/lib/ops/metrics/access";
import { runMetrics } from "@/lib/ops/metrics/registry";

export const dynamic = "force-dynamic";

/** GET /api/metrics — this process's Prometheus metrics, behind METRICS_TOKEN (reads only). */
export const GET = route({}, async ({ req }) => {
  assertMetricsAccess(req);
  const { registry } = runMetrics();
  return new Response(await registry.metrics(), {
    headers: { "Content-Type": registry.contentType, "Cache-Control": "no-store" },
  });
});
