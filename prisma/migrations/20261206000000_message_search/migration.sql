-- Full-text search over message text (lib/db/conversation-search.ts).
-- Words: a generated tsvector with the `simple` configuration (no stemming, so it treats every
-- language alike) and a GIN index. Chinese has no spaces between words, so `simple` sees a whole
-- sentence as one token; a trigram index (pg_trgm) on the text serves substring matching (ILIKE)
-- for it and for parts of words. PGlite (the embedded database) ships pg_trgm as an extension
-- that lib/db/embedded.ts loads, so this runs on both.
CREATE EXTENSION IF NOT EXISTS pg_trgm;

-- left(): a tsvector is capped at 1 MB; the start of a very long answer is what gets indexed.
ALTER TABLE "Message" ADD COLUMN "searchVector" tsvector
  GENERATED ALWAYS AS (to_tsvector('simple'::regconfig, left("content", 100000))) STORED;

CREATE INDEX "Message_searchVector_idx" ON "Message" USING GIN ("searchVector");
CREATE INDEX "Message_content_trgm_idx" ON "Message" USING GIN ("content" gin_trgm_ops);
