-- Prices and cost accounting (issue 28): per-call token details, model, endpoint and cost.
ALTER TABLE "UsageRecord" ADD COLUMN "cachedInputTokens" INTEGER NOT NULL DEFAULT 0;
ALTER TABLE "UsageRecord" ADD COLUMN "reasoningTokens" INTEGER NOT NULL DEFAULT 0;
ALTER TABLE "UsageRecord" ADD COLUMN "model" TEXT;
ALTER TABLE "UsageRecord" ADD COLUMN "endpointId" TEXT;
ALTER TABLE "UsageRecord" ADD COLUMN "cost" DOUBLE PRECISION;

CREATE TABLE "ModelPrice" (
    "id" TEXT NOT NULL,
    "endpointId" TEXT,
    "model" TEXT NOT NULL,
    "inputPerMTok" DOUBLE PRECISION NOT NULL,
    "cachedInputPerMTok" DOUBLE PRECISION NOT NULL,
    "outputPerMTok" DOUBLE PRECISION NOT NULL,
    "reasoningPerMTok" DOUBLE PRECISION NOT NULL,
    "effectiveFrom" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "ModelPrice_pkey" PRIMARY KEY ("id")
);
CREATE INDEX "ModelPrice_model_idx" ON "ModelPrice"("model");

CREATE TABLE "PricingSettings" (
    "id" INTEGER NOT NULL DEFAULT 1,
    "currency" TEXT NOT NULL DEFAULT 'USD',
    "updatedAt" TIMESTAMP(3) NOT NULL,
    CONSTRAINT "PricingSettings_pkey" PRIMARY KEY ("id")
);
