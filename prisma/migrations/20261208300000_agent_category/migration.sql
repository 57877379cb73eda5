-- Agents get a category (one of lib/builder/categories.ts), for the gallery's filter.
ALTER TABLE "Agent" ADD COLUMN "category" TEXT NOT NULL DEFAULT 'general';
CREATE INDEX "Agent_category_idx" ON "Agent"("category");
