-- Tool search over big catalogs: an agent with more tools than this beyond the built-in ones finds
-- them with search_tools instead of every definition being sent to the model (0 = off).
ALTER TABLE "QuotaSettings" ADD COLUMN "toolSearchThreshold" INTEGER NOT NULL DEFAULT 40;
ALTER TABLE "QuotaOverride" ADD COLUMN "toolSearchThreshold" INTEGER;
