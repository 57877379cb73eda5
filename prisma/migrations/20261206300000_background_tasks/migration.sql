-- Background subagent tasks (lib/tasks): which subagent entries may run in the background, the
-- admin's limits, and one row per task (run by a pg-boss job; the row is the source of truth).
ALTER TABLE "Agent" ADD COLUMN "selfBackground" BOOLEAN NOT NULL DEFAULT false;
ALTER TABLE "AgentSubagent" ADD COLUMN "background" BOOLEAN NOT NULL DEFAULT false;

ALTER TABLE "QuotaSettings" ADD COLUMN "maxBackgroundTasks" INTEGER NOT NULL DEFAULT 3,
  ADD COLUMN "backgroundTaskMinutes" INTEGER NOT NULL DEFAULT 30;
ALTER TABLE "QuotaOverride" ADD COLUMN "maxBackgroundTasks" INTEGER,
  ADD COLUMN "backgroundTaskMinutes" INTEGER;

CREATE TYPE "BackgroundTaskStatus" AS ENUM ('QUEUED', 'RUNNING', 'COMPLETED', 'FAILED', 'CANCELLED');

CREATE TABLE "BackgroundTask" (
    "id" TEXT NOT NULL,
    "userId" TEXT NOT NULL,
    "conversationId" TEXT NOT NULL,
    "parentRunId" TEXT NOT NULL,
    "parentMessageId" TEXT NOT NULL,
    "toolCallId" TEXT NOT NULL,
    "agentId" TEXT NOT NULL,
    "agentName" TEXT NOT NULL,
    "self" BOOLEAN NOT NULL DEFAULT false,
    "task" TEXT NOT NULL,
    "status" "BackgroundTaskStatus" NOT NULL DEFAULT 'QUEUED',
    "result" TEXT,
    "error" JSONB,
    "runId" TEXT,
    "resultMessageId" TEXT,
    "attempts" INTEGER NOT NULL DEFAULT 0,
    "processId" TEXT,
    "deadlineAt" TIMESTAMP(3),
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "startedAt" TIMESTAMP(3),
    "endedAt" TIMESTAMP(3),
    CONSTRAINT "BackgroundTask_pkey" PRIMARY KEY ("id")
);

CREATE UNIQUE INDEX "BackgroundTask_parentRunId_toolCallId_key" ON "BackgroundTask"("parentRunId", "toolCallId");
CREATE INDEX "BackgroundTask_runId_idx" ON "BackgroundTask"("runId");
CREATE INDEX "BackgroundTask_userId_status_idx" ON "BackgroundTask"("userId", "status");
CREATE INDEX "BackgroundTask_userId_createdAt_idx" ON "BackgroundTask"("userId", "createdAt");
CREATE INDEX "BackgroundTask_conversationId_idx" ON "BackgroundTask"("conversationId");

ALTER TABLE "BackgroundTask" ADD CONSTRAINT "BackgroundTask_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "BackgroundTask" ADD CONSTRAINT "BackgroundTask_conversationId_fkey" FOREIGN KEY ("conversationId") REFERENCES "Conversation"("id") ON DELETE CASCADE ON UPDATE CASCADE;
