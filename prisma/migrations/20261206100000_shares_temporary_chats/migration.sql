-- Temporary chats: out of the list, deleted by the job engine once expiresAt passes.
ALTER TABLE "Conversation" ADD COLUMN "expiresAt" TIMESTAMP(3);
CREATE INDEX "Conversation_expiresAt_idx" ON "Conversation"("expiresAt");

-- Read-only links to a conversation up to one message; only the token's SHA-256 is stored.
CREATE TABLE "ConversationShare" (
    "id" TEXT NOT NULL,
    "userId" TEXT NOT NULL,
    "conversationId" TEXT NOT NULL,
    "messageId" TEXT NOT NULL,
    "tokenHash" TEXT NOT NULL,
    "expiresAt" TIMESTAMP(3),
    "revokedAt" TIMESTAMP(3),
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "ConversationShare_pkey" PRIMARY KEY ("id")
);
CREATE UNIQUE INDEX "ConversationShare_tokenHash_key" ON "ConversationShare"("tokenHash");
CREATE INDEX "ConversationShare_userId_createdAt_idx" ON "ConversationShare"("userId", "createdAt");
CREATE INDEX "ConversationShare_conversationId_idx" ON "ConversationShare"("conversationId");
ALTER TABLE "ConversationShare" ADD CONSTRAINT "ConversationShare_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "ConversationShare" ADD CONSTRAINT "ConversationShare_conversationId_fkey" FOREIGN KEY ("conversationId") REFERENCES "Conversation"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "ConversationShare" ADD CONSTRAINT "ConversationShare_messageId_fkey" FOREIGN KEY ("messageId") REFERENCES "Message"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- Chat settings of the installation (one row, id 1).
CREATE TABLE "ChatSettings" (
    "id" INTEGER NOT NULL DEFAULT 1,
    "temporaryChatHours" INTEGER NOT NULL DEFAULT 24,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "ChatSettings_pkey" PRIMARY KEY ("id")
);
