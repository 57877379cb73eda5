-- AlterEnum
ALTER TYPE "MessageStatus" ADD VALUE 'PAUSED';

-- AlterEnum
ALTER TYPE "RunStatus" ADD VALUE 'PAUSED';

-- CreateEnum
CREATE TYPE "ToolApprovalStatus" AS ENUM ('PENDING', 'APPROVED', 'EDITED', 'DENIED', 'EXPIRED');

-- AlterTable
ALTER TABLE "Agent" ADD COLUMN "askTools" TEXT[] DEFAULT ARRAY[]::TEXT[];

-- AlterTable
ALTER TABLE "Run" ADD COLUMN "checkpoint" JSONB,
ADD COLUMN "pausedAt" TIMESTAMP(3),
ADD COLUMN "expiresAt" TIMESTAMP(3);

-- CreateTable
CREATE TABLE "ToolApproval" (
    "id" TEXT NOT NULL,
    "runId" TEXT NOT NULL,
    "userId" TEXT NOT NULL,
    "toolCallId" TEXT NOT NULL,
    "toolName" TEXT NOT NULL,
    "args" JSONB NOT NULL,
    "status" "ToolApprovalStatus" NOT NULL DEFAULT 'PENDING',
    "editedArgs" JSONB,
    "reason" TEXT,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "decidedAt" TIMESTAMP(3),

    CONSTRAINT "ToolApproval_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "ToolApproval_runId_status_idx" ON "ToolApproval"("runId", "status");

-- CreateIndex
CREATE INDEX "ToolApproval_userId_status_idx" ON "ToolApproval"("userId", "status");

-- AddForeignKey
ALTER TABLE "ToolApproval" ADD CONSTRAINT "ToolApproval_runId_fkey" FOREIGN KEY ("runId") REFERENCES "Run"("id") ON DELETE CASCADE ON UPDATE CASCADE;
