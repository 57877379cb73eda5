-- A background task's progress (its run's journal, trace so far and usage), written after each
-- finished model turn and tool call: a task taken over after its process died resumes from it.
ALTER TABLE "BackgroundTask" ADD COLUMN "checkpoint" JSONB;
