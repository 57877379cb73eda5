-- Thumbs up/down on an assistant message (issue 32): one per user per message, changeable, removable.
CREATE TYPE "FeedbackRating" AS ENUM ('UP', 'DOWN');
CREATE TABLE "MessageFeedback" (
    "id" TEXT NOT NULL,
    "messageId" TEXT NOT NULL,
    "userId" TEXT NOT NULL,
    "rating" "FeedbackRating" NOT NULL,
    "comment" TEXT,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,
    CONSTRAINT "MessageFeedback_pkey" PRIMARY KEY ("id")
);
CREATE UNIQUE INDEX "MessageFeedback_messageId_userId_key" ON "MessageFeedback"("messageId", "userId");
CREATE INDEX "MessageFeedback_updatedAt_idx" ON "MessageFeedback"("updatedAt");
ALTER TABLE "MessageFeedback" ADD CONSTRAINT "MessageFeedback_messageId_fkey" FOREIGN KEY ("messageId") REFERENCES "Message"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "MessageFeedback" ADD CONSTRAINT "MessageFeedback_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- Generated titles: a rename by the user is never overwritten by a generated title.
ALTER TABLE "Conversation" ADD COLUMN "titleRenamed" BOOLEAN NOT NULL DEFAULT false;
-- The admin's title model (null = each agent's own endpoint and model).
ALTER TABLE "ChatSettings" ADD COLUMN "titleEndpointId" TEXT;
ALTER TABLE "ChatSettings" ADD COLUMN "titleModel" TEXT;
