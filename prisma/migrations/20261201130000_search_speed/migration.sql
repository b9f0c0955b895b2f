-- Filing chunk search at the real size (90k chunks and more): the filters without a company get an
-- index each, so a filtered set (every company's Item 1A, one form, one fiscal year) is read through
-- its index instead of a scan of every chunk, and the count that chooses the search plan is an
-- index-only scan. See lib/documents/search/postgres.ts.
CREATE INDEX "filing_chunks_section_code_idx" ON "filing_chunks"("section_code");
CREATE INDEX "filing_chunks_form_idx" ON "filing_chunks"("form");
CREATE INDEX "filing_chunks_fiscal_year_idx" ON "filing_chunks"("fiscal_year");
