-- AlterEnum
ALTER TYPE "MessageStatus" ADD VALUE 'INTERRUPTED';

-- AlterEnum
ALTER TYPE "RunStatus" ADD VALUE 'INTERRUPTED';

-- AlterTable
ALTER TABLE "Run" ADD COLUMN "processId" TEXT;

-- CreateTable
CREATE TABLE "ProcessLease" (
    "id" TEXT NOT NULL,
    "startedAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "heartbeatAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "host" TEXT,
    "pid" INTEGER,

    CONSTRAINT "ProcessLease_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "Run_processId_status_idx" ON "Run"("processId", "status");
