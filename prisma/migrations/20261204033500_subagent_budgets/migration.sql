-- Subagent entry budgets and the self-spawn entry's own endpoint and model (the builder).
ALTER TABLE "Agent" ADD COLUMN "selfBudget" DOUBLE PRECISION;
ALTER TABLE "Agent" ADD COLUMN "selfProvider" TEXT;
ALTER TABLE "Agent" ADD COLUMN "selfModel" TEXT;
ALTER TABLE "AgentSubagent" ADD COLUMN "budget" DOUBLE PRECISION;
