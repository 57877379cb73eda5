-- The files an eval case's message carries, by name among the suite owner's uploads
-- (lib/evals/case-files.ts). Names, not ids, so a case's JSONL export imports elsewhere.
ALTER TABLE "EvalCase" ADD COLUMN "files" TEXT[] DEFAULT ARRAY[]::TEXT[];
