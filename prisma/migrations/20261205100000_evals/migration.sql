-- Evals (issue 30): tree snapshots of agent versions, suites, cases, runs and results.
ALTER TABLE "AgentVersion" ADD COLUMN "tree" JSONB;
ALTER TABLE "Conversation" ADD COLUMN "evalRunId" TEXT;

CREATE TYPE "EvalRunStatus" AS ENUM ('RUNNING', 'COMPLETED', 'CANCELLED');

CREATE TABLE "EvalSuite" (
    "id" TEXT NOT NULL,
    "agentId" TEXT NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,
    CONSTRAINT "EvalSuite_pkey" PRIMARY KEY ("id")
);
CREATE UNIQUE INDEX "EvalSuite_agentId_key" ON "EvalSuite"("agentId");

CREATE TABLE "EvalCase" (
    "id" TEXT NOT NULL,
    "suiteId" TEXT NOT NULL,
    "position" INTEGER NOT NULL,
    "name" TEXT NOT NULL DEFAULT '',
    "input" TEXT NOT NULL,
    "checks" JSONB NOT NULL DEFAULT '[]',
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "EvalCase_pkey" PRIMARY KEY ("id")
);
CREATE INDEX "EvalCase_suiteId_position_idx" ON "EvalCase"("suiteId", "position");

CREATE TABLE "EvalRun" (
    "id" TEXT NOT NULL,
    "suiteId" TEXT NOT NULL,
    "userId" TEXT NOT NULL,
    "versions" INTEGER[],
    "cases" JSONB NOT NULL,
    "total" INTEGER NOT NULL,
    "status" "EvalRunStatus" NOT NULL DEFAULT 'RUNNING',
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "endedAt" TIMESTAMP(3),
    CONSTRAINT "EvalRun_pkey" PRIMARY KEY ("id")
);
CREATE INDEX "EvalRun_suiteId_createdAt_idx" ON "EvalRun"("suiteId", "createdAt");

CREATE TABLE "EvalResult" (
    "id" TEXT NOT NULL,
    "evalRunId" TEXT NOT NULL,
    "caseId" TEXT NOT NULL,
    "version" INTEGER NOT NULL,
    "outcome" TEXT NOT NULL,
    "checks" JSONB NOT NULL DEFAULT '[]',
    "output" TEXT NOT NULL DEFAULT '',
    "error" JSONB,
    "inputTokens" INTEGER NOT NULL DEFAULT 0,
    "outputTokens" INTEGER NOT NULL DEFAULT 0,
    "modelCalls" INTEGER NOT NULL DEFAULT 0,
    "cost" DOUBLE PRECISION,
    "durationMs" INTEGER NOT NULL DEFAULT 0,
    "conversationId" TEXT,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "EvalResult_pkey" PRIMARY KEY ("id")
);
CREATE UNIQUE INDEX "EvalResult_evalRunId_caseId_version_key" ON "EvalResult"("evalRunId", "caseId", "version");

ALTER TABLE "Conversation" ADD CONSTRAINT "Conversation_evalRunId_fkey" FOREIGN KEY ("evalRunId") REFERENCES "EvalRun"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "EvalSuite" ADD CONSTRAINT "EvalSuite_agentId_fkey" FOREIGN KEY ("agentId") REFERENCES "Agent"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "EvalCase" ADD CONSTRAINT "EvalCase_suiteId_fkey" FOREIGN KEY ("suiteId") REFERENCES "EvalSuite"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "EvalRun" ADD CONSTRAINT "EvalRun_suiteId_fkey" FOREIGN KEY ("suiteId") REFERENCES "EvalSuite"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "EvalRun" ADD CONSTRAINT "EvalRun_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "EvalResult" ADD CONSTRAINT "EvalResult_evalRunId_fkey" FOREIGN KEY ("evalRunId") REFERENCES "EvalRun"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- Versions saved before this migration: their tree from history. Each linked child (subagents when
-- enabled, handoff targets) at the newest version saved at or before the version was; a link with
-- no such version (the child deleted, or saved only later) is listed in "missing" and never run.
-- The same rule as lib/db/agent-version-tree.ts applies to every save from now on.
WITH RECURSIVE reach("rootId", "rootAt", "agentId", "version") AS (
    SELECT v."id", v."createdAt", v."agentId", v."version" FROM "AgentVersion" v
  UNION
    SELECT r."rootId", r."rootAt", link."childId", pick."version"
    FROM reach r
    JOIN "AgentVersion" cur ON cur."agentId" = r."agentId" AND cur."version" = r."version"
    CROSS JOIN LATERAL (
      SELECT c->>'id' AS "childId" FROM jsonb_array_elements(
        CASE WHEN (cur."snapshot"->'subagents'->>'enabled')::boolean
          THEN COALESCE(cur."snapshot"->'subagents'->'children', '[]'::jsonb) ELSE '[]'::jsonb END) c
      UNION
      SELECT h->>'to' FROM jsonb_array_elements(COALESCE(cur."snapshot"->'handoffs', '[]'::jsonb)) h
    ) link
    LEFT JOIN LATERAL (
      SELECT cv."version" FROM "AgentVersion" cv
      WHERE cv."agentId" = link."childId" AND cv."createdAt" <= r."rootAt"
      ORDER BY cv."version" DESC LIMIT 1
    ) pick ON true
), trees AS (
  SELECT "rootId",
    COALESCE(jsonb_object_agg("agentId", "version") FILTER (WHERE "version" IS NOT NULL), '{}'::jsonb) AS agents,
    COALESCE(jsonb_agg(DISTINCT "agentId") FILTER (WHERE "version" IS NULL), '[]'::jsonb) AS missing
  FROM reach GROUP BY "rootId"
)
UPDATE "AgentVersion" v
SET "tree" = jsonb_build_object('agents', t.agents, 'missing', t.missing, 'source', 'history')
FROM trees t WHERE t."rootId" = v."id";
