-- Where a conversation was started: the app's chat ("chat") or the Agents API ("api").
ALTER TABLE "Conversation" ADD COLUMN "source" TEXT NOT NULL DEFAULT 'chat';
