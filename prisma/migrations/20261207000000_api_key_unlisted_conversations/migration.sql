-- An Agents API key may keep the conversations it starts out of the chat list (issue 29).
ALTER TABLE "ApiKey" ADD COLUMN "listConversations" BOOLEAN NOT NULL DEFAULT true;
ALTER TABLE "Conversation" ADD COLUMN "listed" BOOLEAN NOT NULL DEFAULT true;
