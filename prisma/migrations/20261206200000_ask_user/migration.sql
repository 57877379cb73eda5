-- ask_user questions: answered like an approval is decided; the answer is the tool's result.
ALTER TYPE "ToolApprovalStatus" ADD VALUE 'ANSWERED';
ALTER TABLE "ToolApproval" ADD COLUMN "answer" TEXT;
