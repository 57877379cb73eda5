-- The UI language a user chose in Settings (issue 27); null = the browser's Accept-Language.
ALTER TABLE "User" ADD COLUMN "locale" TEXT;
