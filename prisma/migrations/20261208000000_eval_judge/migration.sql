-- Evals (issue 30): an optional judge per case ({ rubric, endpoint, model }), and its grade of each
-- answer — { score 1–5, reasoning, endpoint, model, usage } or { error } — stored with the result.
ALTER TABLE "EvalCase" ADD COLUMN "judge" JSONB;
ALTER TABLE "EvalResult" ADD COLUMN "judge" JSONB;
-- The agent may be shared or made public only at a version that passed its newest finished eval.
ALTER TABLE "EvalSuite" ADD COLUMN "requirePassingToShare" BOOLEAN NOT NULL DEFAULT false;
