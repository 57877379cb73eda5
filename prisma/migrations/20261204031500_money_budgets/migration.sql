-- Money budgets (issue 28): per-user day/month budgets and a per-answer cap (admin default,
-- per-user override), the user's own lower cap, and the money a running run holds.
ALTER TABLE "QuotaSettings" ADD COLUMN "dailyBudget" DOUBLE PRECISION NOT NULL DEFAULT 0;
ALTER TABLE "QuotaSettings" ADD COLUMN "monthlyBudget" DOUBLE PRECISION NOT NULL DEFAULT 0;
ALTER TABLE "QuotaSettings" ADD COLUMN "answerBudget" DOUBLE PRECISION NOT NULL DEFAULT 0;
ALTER TABLE "QuotaOverride" ADD COLUMN "dailyBudget" DOUBLE PRECISION;
ALTER TABLE "QuotaOverride" ADD COLUMN "monthlyBudget" DOUBLE PRECISION;
ALTER TABLE "QuotaOverride" ADD COLUMN "answerBudget" DOUBLE PRECISION;
ALTER TABLE "User" ADD COLUMN "answerBudget" DOUBLE PRECISION;
ALTER TABLE "Run" ADD COLUMN "budgetMicros" BIGINT;
