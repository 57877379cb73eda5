-- When the account was given the starter team (null = not yet). Claimed once per account, so
-- concurrent requests never create two teams.
ALTER TABLE "User" ADD COLUMN "starterTeamAt" TIMESTAMP(3);

-- Accounts that already own agents or have chatted never get one (as before: the team was only
-- created for someone who owned no agent and had never chatted).
UPDATE "User" u SET "starterTeamAt" = CURRENT_TIMESTAMP
WHERE EXISTS (SELECT 1 FROM "Agent" a WHERE a."ownerId" = u."id")
   OR EXISTS (SELECT 1 FROM "Conversation" c WHERE c."userId" = u."id");
