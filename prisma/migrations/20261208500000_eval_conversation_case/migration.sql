-- The case and version an eval conversation ran: a case whose process died mid-run is queued
-- again on restart (lib/evals/resume.ts), and only that one.
ALTER TABLE "Conversation" ADD COLUMN "evalCaseId" TEXT;
ALTER TABLE "Conversation" ADD COLUMN "evalVersion" INTEGER;
CREATE INDEX "Conversation_evalRunId_idx" ON "Conversation"("evalRunId");
