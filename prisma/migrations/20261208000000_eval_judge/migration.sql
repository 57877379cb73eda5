-- Evals (issue 30): an optional judge per case ({ rubric, endpoint, model }), and its grade of each
-- answer — { score 1–5, reasoning, endpoint, model, usage } or { error } — stored with the result.
ALTER TABLE "EvalCase" ADD COLUMN "judge" JSONB;
ALTER TABLE "EvalResult" ADD COLUMN "judge" JSONB;
