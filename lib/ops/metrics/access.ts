import "server-only";
import { createHash, timingSafeEqual } from "node:crypto";
import { env } from "@/lib/env";
import { AppError } from "@/lib/errors";

const digest = (s: string) => createHash("sha256").update(s).digest();

/**
 * /api/metrics is for the operator's scraper only: absent (404) unless METRICS_TOKEN is set, then
 * `Authorization: Bearer <METRICS_TOKEN>` or 401. Compared in constant time (over digests, so the
 * token's length doesn't leak either).
 */
export function assertMetricsAccess(req: Request): void {
  const token = env().METRICS_TOKEN;
  if (!token) throw new AppError("not_found");
  const given = /^Bearer\s+(.+)$/i.exec(req.headers.get("authorization") ?? "")?.[1]?.trim() ?? "";
  if (!timingSafeEqual(digest(given), digest(token))) {
    throw new AppError("unauthorized:metrics");
  }
}
