-- The quota audit log becomes the audit log of every admin action (issue 25, item 11).
ALTER TABLE "QuotaAudit" RENAME TO "AdminAudit";
ALTER TABLE "AdminAudit" RENAME CONSTRAINT "QuotaAudit_pkey" TO "AdminAudit_pkey";
ALTER INDEX "QuotaAudit_createdAt_idx" RENAME TO "AdminAudit_createdAt_idx";
ALTER TABLE "AdminAudit" RENAME COLUMN "scope" TO "kind";
ALTER TABLE "AdminAudit" ADD COLUMN "target" TEXT;

-- CreateIndex
CREATE INDEX "AdminAudit_kind_createdAt_idx" ON "AdminAudit"("kind", "createdAt");
