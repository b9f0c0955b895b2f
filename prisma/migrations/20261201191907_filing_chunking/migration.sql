-- Which version of FinGround's sectioning and chunking cut each filing (FILING_CHUNKING_VERSION in
-- lib/ingest/filing-chunks.ts): ingesting a filing again replaces one cut by an older version, so a
-- stored filing follows a change of the chunker without being deleted by hand.
ALTER TABLE "filings" ADD COLUMN "chunking" INTEGER NOT NULL DEFAULT 1;
-- Written by every insert (lib/documents/filings/store.ts), never left to a default.
ALTER TABLE "filings" ALTER COLUMN "chunking" DROP DEFAULT;

-- Version 2 changed only how a 10-Q's items are coded (as their 10-K counterparts), so every other
-- filing is current, and so is a 10-Q already coded that way. A 10-Q coded the old way has a section
-- still coded by its own item number, 1, 2, 3, 5 or 6, under a title of that number ("Item 3.
-- Quantitative…"); version 2 never leaves one (its "3" is Part II Item 1, its "5" Part II Item 2).
UPDATE "filings" SET "chunking" = 2
WHERE NOT (
  "form" = '10-Q'
  AND EXISTS (
    SELECT 1 FROM "filing_chunks" c
    WHERE c."filing_id" = "filings"."id"
      AND c."section_code" IN ('1', '2', '3', '5', '6')
      AND c."section_title" ~* ('^item\s*' || c."section_code" || '\M')
  )
);
