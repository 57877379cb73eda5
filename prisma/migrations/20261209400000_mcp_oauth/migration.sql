-- Per-user OAuth 2.1 MCP servers (lib/mcp/oauth): the server's auth kind and client registration,
-- and each user's tokens / in-flight authorization.
ALTER TABLE "McpServer" ADD COLUMN "auth" TEXT NOT NULL DEFAULT 'none';
ALTER TABLE "McpServer" ADD COLUMN "oauthClientEncrypted" TEXT;

CREATE TABLE "McpOAuthConnection" (
    "serverId" TEXT NOT NULL,
    "userId" TEXT NOT NULL,
    "tokensEncrypted" TEXT,
    "connectedAt" TIMESTAMP(3),
    "pendingState" TEXT,
    "verifierEncrypted" TEXT,
    "pendingSince" TIMESTAMP(3),
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "McpOAuthConnection_pkey" PRIMARY KEY ("serverId","userId")
);

CREATE UNIQUE INDEX "McpOAuthConnection_pendingState_key" ON "McpOAuthConnection"("pendingState");
CREATE INDEX "McpOAuthConnection_userId_idx" ON "McpOAuthConnection"("userId");

ALTER TABLE "McpOAuthConnection" ADD CONSTRAINT "McpOAuthConnection_serverId_fkey" FOREIGN KEY ("serverId") REFERENCES "McpServer"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "McpOAuthConnection" ADD CONSTRAINT "McpOAuthConnection_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User"("id") ON DELETE CASCADE ON UPDATE CASCADE;
