-- News filters first, exactly: one row per (ticker or sector, article), ordered by publication time,
-- so "AAPL news in 2019" is one index range scan returning just those articles, however large the
-- table. (GIN on the tag arrays intersected with a published_at range walked every article of the
-- range: ~20 ms at 100,000 articles.) Both tables are external to Prisma, like news_articles, and
-- kept by a trigger, so every writer of news_articles keeps them right.
-- Vectors inline: the exact plan reads one per filtered article, and an out-of-line (TOAST) vector
-- costs an index probe and two more page reads each. Stored vectors move inline here.
ALTER TABLE "news_articles" ALTER COLUMN "embedding" SET STORAGE PLAIN;
UPDATE "news_articles" SET "embedding" = "embedding"::real[]::vector WHERE "embedding" IS NOT NULL;

CREATE TABLE "news_article_tickers" (
    "ticker" TEXT NOT NULL,
    "published_at" TIMESTAMPTZ(3) NOT NULL,
    "article_id" BIGINT NOT NULL REFERENCES "news_articles"("id") ON DELETE CASCADE,
    PRIMARY KEY ("ticker", "published_at", "article_id")
);
CREATE INDEX "news_article_tickers_article_id_idx" ON "news_article_tickers"("article_id");

CREATE TABLE "news_article_sectors" (
    "sector" TEXT NOT NULL,
    "published_at" TIMESTAMPTZ(3) NOT NULL,
    "article_id" BIGINT NOT NULL REFERENCES "news_articles"("id") ON DELETE CASCADE,
    PRIMARY KEY ("sector", "published_at", "article_id")
);
CREATE INDEX "news_article_sectors_article_id_idx" ON "news_article_sectors"("article_id");

CREATE FUNCTION "news_articles_sync_filters"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    IF TG_OP = 'UPDATE' THEN
        DELETE FROM news_article_tickers WHERE article_id = NEW.id;
        DELETE FROM news_article_sectors WHERE article_id = NEW.id;
    END IF;
    INSERT INTO news_article_tickers (ticker, published_at, article_id)
        SELECT DISTINCT t, NEW.published_at, NEW.id FROM unnest(NEW.tickers) AS t;
    INSERT INTO news_article_sectors (sector, published_at, article_id)
        SELECT DISTINCT s, NEW.published_at, NEW.id FROM unnest(NEW.sectors) AS s;
    RETURN NULL;
END;
$$;

CREATE TRIGGER "news_articles_sync_filters"
    AFTER INSERT OR UPDATE OF "tickers", "sectors", "published_at" ON "news_articles"
    FOR EACH ROW EXECUTE FUNCTION "news_articles_sync_filters"();

INSERT INTO "news_article_tickers" ("ticker", "published_at", "article_id")
    SELECT DISTINCT t, a."published_at", a."id" FROM "news_articles" a, unnest(a."tickers") AS t;
INSERT INTO "news_article_sectors" ("sector", "published_at", "article_id")
    SELECT DISTINCT s, a."published_at", a."id" FROM "news_articles" a, unnest(a."sectors") AS s;

-- GIN indexes without a pending list: PGlite runs no autovacuum, so the list would only grow and be
-- scanned on every query. (The tag arrays' GIN indexes stay for broad filters, where full-text matches
-- are intersected with them by bitmap.)
ALTER INDEX "news_articles_document_idx" SET (fastupdate = off);
ALTER INDEX "news_articles_tickers_idx" SET (fastupdate = off);
ALTER INDEX "news_articles_sectors_idx" SET (fastupdate = off);
SELECT gin_clean_pending_list('news_articles_document_idx'::regclass);
SELECT gin_clean_pending_list('news_articles_tickers_idx'::regclass);
SELECT gin_clean_pending_list('news_articles_sectors_idx'::regclass);
