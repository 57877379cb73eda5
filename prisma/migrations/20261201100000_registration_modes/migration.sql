-- Registration modes (open / invite-only / closed) chosen by an admin, and single-use invites.
CREATE TYPE "RegistrationMode" AS ENUM ('OPEN', 'INVITE', 'CLOSED');

CREATE TABLE "AuthSettings" (
    "id" INTEGER NOT NULL DEFAULT 1,
    "registrationMode" "RegistrationMode" NOT NULL DEFAULT 'OPEN',
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "AuthSettings_pkey" PRIMARY KEY ("id")
);

CREATE TABLE "Invite" (
    "id" TEXT NOT NULL,
    "codeHash" TEXT NOT NULL,
    "note" TEXT NOT NULL DEFAULT '',
    "createdById" TEXT NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "expiresAt" TIMESTAMP(3) NOT NULL,
    "usedAt" TIMESTAMP(3),
    "usedById" TEXT,

    CONSTRAINT "Invite_pkey" PRIMARY KEY ("id")
);

CREATE UNIQUE INDEX "Invite_codeHash_key" ON "Invite"("codeHash");
CREATE UNIQUE INDEX "Invite_usedById_key" ON "Invite"("usedById");
CREATE INDEX "Invite_createdAt_idx" ON "Invite"("createdAt");

ALTER TABLE "Invite" ADD CONSTRAINT "Invite_createdById_fkey" FOREIGN KEY ("createdById") REFERENCES "User"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "Invite" ADD CONSTRAINT "Invite_usedById_fkey" FOREIGN KEY ("usedById") REFERENCES "User"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- Housekeeping indexes: stale throttle rows and expired sessions are deleted by range.
CREATE INDEX "AuthThrottle_lastFailure_idx" ON "AuthThrottle"("lastFailure");
CREATE INDEX "Session_expires_idx" ON "Session"("expires");
