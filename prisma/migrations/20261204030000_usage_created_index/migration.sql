-- Admin → Usage and its CSV sum every user's calls of a period.
CREATE INDEX "UsageRecord_createdAt_idx" ON "UsageRecord"("createdAt");
