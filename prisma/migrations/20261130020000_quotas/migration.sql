-- CreateEnum
CREATE TYPE "BalanceEntryKind" AS ENUM ('START', 'GRANT', 'SET', 'REFILL', 'CHARGE', 'UNCHARGED');

-- CreateTable
CREATE TABLE "QuotaSettings" (
    "id" TEXT NOT NULL DEFAULT 'global',
    "maxSubagentDepth" INTEGER NOT NULL DEFAULT 5,
    "maxSubagentRunConfigs" INTEGER NOT NULL DEFAULT 100,
    "maxSubagentsPerAgent" INTEGER NOT NULL DEFAULT 10,
    "recursionLimit" INTEGER NOT NULL DEFAULT 50,
    "maxParallelSubagents" INTEGER NOT NULL DEFAULT 4,
    "balanceEnabled" BOOLEAN NOT NULL DEFAULT false,
    "startBalance" INTEGER NOT NULL DEFAULT 100000,
    "refillAmount" INTEGER NOT NULL DEFAULT 0,
    "refillIntervalSeconds" INTEGER NOT NULL DEFAULT 86400,
    "messagesPerWindow" INTEGER NOT NULL DEFAULT 40,
    "windowSeconds" INTEGER NOT NULL DEFAULT 60,
    "maxConcurrentRuns" INTEGER NOT NULL DEFAULT 2,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "QuotaSettings_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "QuotaOverride" (
    "userId" TEXT NOT NULL,
    "maxSubagentDepth" INTEGER,
    "maxSubagentRunConfigs" INTEGER,
    "maxSubagentsPerAgent" INTEGER,
    "recursionLimit" INTEGER,
    "maxParallelSubagents" INTEGER,
    "balanceEnabled" BOOLEAN,
    "startBalance" INTEGER,
    "refillAmount" INTEGER,
    "refillIntervalSeconds" INTEGER,
    "messagesPerWindow" INTEGER,
    "windowSeconds" INTEGER,
    "maxConcurrentRuns" INTEGER,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "QuotaOverride_pkey" PRIMARY KEY ("userId")
);

-- CreateTable
CREATE TABLE "TokenBalance" (
    "userId" TEXT NOT NULL,
    "balance" INTEGER NOT NULL,
    "lastRefillAt" TIMESTAMP(3) NOT NULL,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "TokenBalance_pkey" PRIMARY KEY ("userId")
);

-- CreateTable
CREATE TABLE "BalanceEntry" (
    "id" TEXT NOT NULL,
    "userId" TEXT NOT NULL,
    "kind" "BalanceEntryKind" NOT NULL,
    "amount" INTEGER NOT NULL,
    "balanceAfter" INTEGER NOT NULL,
    "runId" TEXT,
    "actorId" TEXT,
    "note" TEXT,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "BalanceEntry_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "QuotaAudit" (
    "id" TEXT NOT NULL,
    "actorId" TEXT,
    "actorEmail" TEXT NOT NULL,
    "scope" TEXT NOT NULL,
    "targetUserId" TEXT,
    "targetEmail" TEXT,
    "key" TEXT NOT NULL,
    "oldValue" TEXT,
    "newValue" TEXT,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "QuotaAudit_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "BalanceEntry_userId_createdAt_idx" ON "BalanceEntry"("userId", "createdAt");

-- CreateIndex
CREATE INDEX "QuotaAudit_createdAt_idx" ON "QuotaAudit"("createdAt");

-- AddForeignKey
ALTER TABLE "QuotaOverride" ADD CONSTRAINT "QuotaOverride_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "TokenBalance" ADD CONSTRAINT "TokenBalance_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "BalanceEntry" ADD CONSTRAINT "BalanceEntry_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User"("id") ON DELETE CASCADE ON UPDATE CASCADE;
