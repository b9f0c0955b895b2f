// A filing's text into sections and chunks, pure. Sections come from the text itself: Item headings
// of 10-K/10-Q ("Item 1A. Risk Factors"), 8-K items ("Item 2.02"), the exhibit index; table-of-contents
// pages are skipped, and a heading only counts when it comes after the section under way (so a
// cross-reference at a line start does not open a section). Chunks follow the structure: paragraphs
// packed to about CHUNK_CHARS with an overlap, and each table (page-aligned text: one row per line,
// cells separated by runs of spaces) kept whole with its caption and column-header lines, split by
// rows only when huge, repeating those lines. Each chunk gets a contextual header.
import { isPageFurniture, type SentenceSpan, sentenceSpans } from "@/lib/core/sentences";
import type { FilingChunkInput, FilingForm } from "@/lib/documents/filings/types";

const CHUNK_CHARS = 1000;
/** A paragraph still joins a chunk when the chunk stays under this multiple of CHUNK_CHARS. */
const PACK_SLACK = 1.5;
/** Shorter text does not make a chunk of its own when it can join a neighbour. */
const MIN_CHUNK_CHARS = 300;
/** The tail of a chunk repeated at the start of the next, so a sentence cut between them stays findable. */
const OVERLAP_CHARS = 150;
/** A table longer than this is split by rows. */
const TABLE_MAX_CHARS = 2500;
/** A page with this many item headings is a table of contents. */
const TOC_HEADINGS = 4;

/** The 10-K items in filing order; 10-Q parts restart the order. */
const ITEM_ORDER = [
  "1",
  "1A",
  "1B",
  "1C",
  "2",
  "3",
  "4",
  "5",
  "6",
  "7",
  "7A",
  "8",
  "9",
  "9A",
  "9B",
  "9C",
  "10",
  "11",
  "12",
  "13",
  "14",
  "15",
  "16",
];
const EXHIBITS = "exhibits";
const FRONT = "front";

const ITEM_HEADING =
  /^\s*(?:PART\s+(?:I{1,3}|IV)\s*[,.\-–—]?\s*)?ITEM\s+(\d\.\d{2}|\d{1,2}[A-C]?)\s*[.:\-–—]?\s*(.{0,160})$/i;
const PART_HEADING = /^\s*PART\s+(I{1,3}|IV)\b/i;
const EXHIBIT_INDEX = /^\s*(EXHIBIT INDEX|INDEX TO EXHIBITS|EXHIBITS INDEX)\s*$/i;
/** The punctuation a sentence (or a lead-in to a list) ends with. */
const SENTENCE_END = /[.!?:]["'”’)\]]*$/;
/** Two or more spaces between cells: pdftotext -layout keeps columns apart by runs of spaces. */
const CELL_GAP = /\S\s{2,}\S/;
const MONEY = /\$|\d{1,3}(,\d{3})+|\d+\.\d+|\(\d+\)|\b\d+\s*%/;
const STATEMENT_CAPTION =
  /consolidated\s+(statements?|balance\s+sheets?)|statements?\s+of\s+(income|operations|cash\s+flows|financial\s+position|comprehensive)|balance\s+sheets?/i;

export interface FilingSection {
  /** In the 10-K's vocabulary for every form: a 10-Q's Part I Item 2 is "7" (see tenQItemAsTenK). */
  code: string;
  title: string;
  /** Where it starts: page and character of that page. */
  pageIndex: number;
  charStart: number;
}

interface Heading extends FilingSection {
  order: number;
}

function itemTitle(code: string, rest: string): string {
  const title = rest
    .replace(/\s+\d{1,3}\s*$/, "")
    .replace(/\s+/g, " ")
    .trim();
  return title === "" ? `Item ${code}` : `Item ${code}. ${title}`;
}

/** A heading's place in filing order: 10-K items by ITEM_ORDER, 8-K items by number. */
function orderOf(code: string): number {
  if (/^\d\.\d{2}$/.test(code)) return Number(code) * 100;
  const index = ITEM_ORDER.indexOf(code.toUpperCase());
  return index < 0 ? Number.NaN : index;
}

/** Headings of one page with their character offsets. */
function pageHeadings(page: string, pageIndex: number): (Heading & { tocLike: boolean })[] {
  const headings: (Heading & { tocLike: boolean })[] = [];
  let offset = 0;
  for (const line of page.split("\n")) {
    const item = ITEM_HEADING.exec(line);
    if (item) {
      const code = item[1]!.toUpperCase();
      const rest = item[2] ?? "";
      // A heading's title reads like a title: capitalised, not the middle of a sentence.
      if (rest === "" || /^[A-Z[("']/.test(rest.trim())) {
        headings.push({
          code,
          title: itemTitle(code, rest),
          pageIndex,
          charStart: offset + line.search(/\S/),
          order: orderOf(code),
          tocLike: /\s\d{1,3}\s*$/.test(rest),
        });
      }
    } else if (EXHIBIT_INDEX.test(line)) {
      headings.push({
        code: EXHIBITS,
        title: "Exhibits",
        pageIndex,
        charStart: offset + line.search(/\S/),
        order: Number.POSITIVE_INFINITY,
        tocLike: false,
      });
    } else if (PART_HEADING.test(line)) {
      // A new part restarts the item order (10-Q Part II begins again at Item 1); its title is the part.
      headings.push({
        code: "",
        title: PART_HEADING.exec(line)![1]!.toUpperCase(),
        pageIndex,
        charStart: offset,
        order: Number.NEGATIVE_INFINITY,
        tocLike: false,
      });
    }
    offset += line.length + 1;
  }
  return headings;
}

/** A 10-Q's items by part, as the 10-K items that hold the same disclosures, so one route ("risk" →
 * 1A, "legal proceedings" → 3, "what drove" → 7) reaches both forms. Part II Item 3 (defaults upon
 * senior securities) has no 10-K item and keeps a code of its own. */
const TEN_Q_PART_I: Record<string, string> = { "1": "8", "2": "7", "3": "7A", "4": "9A" };
const TEN_Q_AS_TEN_K: Record<string, Record<string, string>> = {
  I: TEN_Q_PART_I,
  II: { "1": "3", "1A": "1A", "2": "5", "3": "II-3", "4": "4", "5": "9B", "6": "15" },
};

/** A 10-Q item ("2" of part "I") coded as its 10-K counterpart ("7"); an item no part has keeps its
 * number. Both readers code through it: headings found in the text, and the items a source gave by
 * number only (edgartools: part null, Items 1–4 then taken as Part I's, the part every 10-Q fills).
 * Part I ends at Item 4, so a later item (1A, 5, 6) is Part II's even where no PART II heading was read. */
export function tenQItemAsTenK(item: string, part: string | null): string {
  const partOfItem = part !== null && part !== "I" ? part : Object.hasOwn(TEN_Q_PART_I, item) ? "I" : "II";
  return TEN_Q_AS_TEN_K[partOfItem]?.[item] ?? item;
}

/** The version of the sectioning and chunking below, stored with each filing (`filings.chunking`): an
 * ingest replaces a stored filing cut by an older version. 1: 10-Q items kept their own numbers; 2:
 * coded as their 10-K counterparts (tenQItemAsTenK); 3: a text chunk that starts or ends inside a
 * sentence says so with "…" there (markCutSentences), so no quote takes the piece for a sentence. */
export const FILING_CHUNKING_VERSION = 3;

/** The sections of a paged filing in reading order; the text before the first heading is FRONT. A
 * 10-Q's items are coded as the 10-K's (tenQItemAsTenK; items before any "PART" heading are Part I's). */
export function findSections(pages: readonly string[], form: FilingForm | null = null): FilingSection[] {
  const sections: FilingSection[] = [{ code: FRONT, title: "Cover and front matter", pageIndex: 0, charStart: 0 }];
  let current = Number.NEGATIVE_INFINITY;
  let part = "I";
  pages.forEach((page, pageIndex) => {
    const headings = pageHeadings(page, pageIndex);
    const items = headings.filter((h) => h.code !== "");
    if (items.length >= TOC_HEADINGS || items.filter((h) => h.tocLike).length >= 2) return;
    for (const heading of headings) {
      if (heading.code === "") {
        current = Number.NEGATIVE_INFINITY;
        part = heading.title;
        continue;
      }
      if (!(heading.order > current)) continue;
      current = heading.order;
      const code = form === "10-Q" ? tenQItemAsTenK(heading.code, part) : heading.code;
      sections.push({ code, title: heading.title, pageIndex, charStart: heading.charStart });
    }
  });
  return sections;
}

/** The section codes a filing's sections report: every one found, FRONT aside. */
export function sectionsFound(sections: readonly FilingSection[]): string[] {
  return [...new Set(sections.filter((s) => s.code !== FRONT).map((s) => s.code))];
}

export interface FilingContext {
  companyName: string;
  form: FilingForm;
  fiscalYear: number;
  fiscalPeriod: string;
}

/** Where a statements section is: Item 8 of a 10-K, and of a 10-Q (its Part I Item 1, coded as 8). */
function isStatementsSection(form: FilingForm, code: string): boolean {
  return (form === "10-K" || form === "10-Q") && code === "8";
}

interface Block {
  kind: "text" | "table";
  lines: { text: string; start: number }[];
}

/** Where a line longer than a chunk is cut: after the window's last sentence that ends inside it (from
 * half the window on), else after its last space, else at its end. */
function lineCut(window: string): number {
  const sentenceEnd =
    sentenceSpans(window)
      .filter((span) => span.end < window.length && SENTENCE_END.test(window.slice(span.start, span.end)))
      .at(-1)?.end ?? 0;
  if (sentenceEnd >= CHUNK_CHARS / 2) return sentenceEnd;
  const space = window.lastIndexOf(" ");
  return space > 0 ? space + 1 : window.length;
}

/** A page's lines grouped into paragraphs and tables (a table: 3+ consecutive lines with cell gaps
 * and at least one figure, blank lines inside allowed). */
function blocksOf(text: string, base: number): Block[] {
  const lines: { text: string; start: number }[] = [];
  let offset = 0;
  for (const line of text.split("\n")) {
    // Text extracted without line breaks (a paragraph on one line) is cut after its last whole sentence
    // in the window (lib/core/sentences.ts: never inside "$57.0" or after "U.S."), else at a space.
    let start = 0;
    while (line.length - start > CHUNK_CHARS) {
      const cut = lineCut(line.slice(start, start + CHUNK_CHARS));
      lines.push({ text: line.slice(start, start + cut), start: base + offset + start });
      start += cut;
    }
    lines.push({ text: line.slice(start), start: base + offset + start });
    offset += line.length + 1;
  }
  const isRow = (line: string) => CELL_GAP.test(line.trim());
  const blocks: Block[] = [];
  let i = 0;
  while (i < lines.length) {
    if (lines[i]!.text.trim() === "") {
      i++;
      continue;
    }
    if (isRow(lines[i]!.text)) {
      let j = i;
      let last = i;
      while (j < lines.length && (isRow(lines[j]!.text) || lines[j]!.text.trim() === "")) {
        if (lines[j]!.text.trim() !== "") last = j;
        j++;
      }
      const rows = lines.slice(i, last + 1).filter((l) => l.text.trim() !== "");
      if (rows.length >= 3 && rows.some((r) => MONEY.test(r.text))) {
        blocks.push({ kind: "table", lines: rows });
        i = last + 1;
        continue;
      }
    }
    const paragraph: { text: string; start: number }[] = [];
    let chars = 0;
    while (i < lines.length && lines[i]!.text.trim() !== "" && chars < CHUNK_CHARS) {
      paragraph.push(lines[i]!);
      chars += lines[i]!.text.trim().length + 1;
      i++;
      if (i < lines.length && isRow(lines[i]!.text) && !isRow(paragraph[paragraph.length - 1]!.text)) break;
    }
    blocks.push({ kind: "text", lines: paragraph });
  }
  return blocks;
}

const tidy = (line: string) => line.replace(/\s+$/, "");
const blockText = (block: Block) => block.lines.map((l) => tidy(l.text).replace(/^\s+/, "")).join("\n");
const blockEnd = (block: Block) => {
  const last = block.lines[block.lines.length - 1]!;
  return last.start + last.text.length;
};

/** A short line that reads as a heading (no final period), for the header of what follows it. */
function headingOf(block: Block): string | null {
  if (block.kind !== "text" || block.lines.length > 2) return null;
  const text = blockText(block).replace(/\s+/g, " ").trim();
  if (text.length < 3 || text.length > 90 || /[.;,:]$/.test(text) || !/^[A-Z(]/.test(text)) return null;
  // Running page furniture, not a heading.
  if (/^table of contents$/i.test(text)) return null;
  return text;
}

interface SectionSpan {
  section: FilingSection;
  /** Per page: [start, end) characters of the page. */
  parts: { pageIndex: number; start: number; end: number }[];
}

function spansOf(pages: readonly string[], sections: readonly FilingSection[]): SectionSpan[] {
  return sections.map((section, i) => {
    const next = sections[i + 1];
    const endPage = next ? next.pageIndex : pages.length - 1;
    const parts: SectionSpan["parts"] = [];
    for (let p = section.pageIndex; p <= endPage; p++) {
      const start = p === section.pageIndex ? section.charStart : 0;
      const end = next && p === next.pageIndex ? next.charStart : pages[p]!.length;
      if (end > start) parts.push({ pageIndex: p, start, end });
    }
    return { section, parts };
  });
}

/** The chunks of a paged filing: per section, per page, paragraphs packed and tables whole. */
export function chunkFiling(
  pages: readonly string[],
  sections: readonly FilingSection[],
  context: FilingContext,
): FilingChunkInput[] {
  const chunks: FilingChunkInput[] = [];
  const period = context.fiscalPeriod === "FY" ? "" : ` ${context.fiscalPeriod}`;
  const prefix = `${context.companyName} ${context.form} FY${context.fiscalYear}${period}`;
  for (const { section, parts } of spansOf(pages, sections)) {
    const statements = isStatementsSection(context.form, section.code);
    let nearest: string | null = null;
    const header = (extra: string | null) => [prefix, section.title, extra].filter(Boolean).join(" — ");
    for (const part of parts) {
      const text = pages[part.pageIndex]!.slice(part.start, part.end);
      const blocks = blocksOf(text, part.start);
      // Blocks of the chunk being packed; `fresh` is false while it holds only the overlap carried over.
      let pending: Block[] = [];
      let pendingChars = 0;
      let fresh = false;
      const flush = (atPageEnd = false) => {
        const previous = chunks[chunks.length - 1];
        // A short page tail joins the chunk before it on the same page instead of standing alone.
        if (
          fresh &&
          atPageEnd &&
          pendingChars < MIN_CHUNK_CHARS &&
          previous &&
          !previous.isTable &&
          previous.pageIndex === part.pageIndex &&
          previous.sectionCode === section.code
        ) {
          const tail = pending.filter((b) => b.lines[0]!.start >= previous.charEnd);
          if (tail.length > 0) {
            previous.text = [previous.text, ...tail.map(blockText)].join("\n\n");
            previous.charEnd = blockEnd(tail[tail.length - 1]!);
          }
          fresh = false;
        }
        if (fresh) {
          chunks.push({
            sectionCode: section.code,
            sectionTitle: section.title,
            pageIndex: part.pageIndex,
            charStart: pending[0]!.lines[0]!.start,
            charEnd: blockEnd(pending[pending.length - 1]!),
            isTable: false,
            isFinancialStatement: false,
            text: pending.map(blockText).join("\n\n"),
            header: header(nearest),
            summary: null,
          });
        }
        // Overlap: a short last paragraph opens the next chunk too.
        const last = pending[pending.length - 1];
        pending = last && blockText(last).length <= OVERLAP_CHARS ? [last] : [];
        pendingChars = last && pending.length > 0 ? blockText(last).length : 0;
        fresh = false;
      };
      blocks.forEach((block, b) => {
        if (block.kind === "table") {
          const caption = b > 0 ? headingOf(blocks[b - 1]!) : null;
          // The caption goes with its table, not into a chunk of its own.
          if (caption && pending[pending.length - 1] === blocks[b - 1]) {
            pending.pop();
            if (pending.length === 0) fresh = false;
          }
          flush();
          pending = [];
          pendingChars = 0;
          chunks.push(
            ...tableChunks(block, caption ?? nearest, { section, pageIndex: part.pageIndex, statements, header }),
          );
          return;
        }
        const heading = headingOf(block);
        // A heading starts a new chunk, and names the chunks after it.
        if (heading && pendingChars >= MIN_CHUNK_CHARS) {
          flush();
          pending = [];
          pendingChars = 0;
        }
        if (heading) nearest = heading;
        const chars = blockText(block).length;
        if (fresh && pendingChars + chars > CHUNK_CHARS * PACK_SLACK) flush();
        pending.push(block);
        pendingChars += chars + 2;
        fresh = true;
        if (pendingChars >= CHUNK_CHARS) flush();
      });
      flush(true);
    }
  }
  markCutSentences(pages, chunks);
  return chunks;
}

/** The sign at a chunk's edge that the sentence there goes on in the filing: no quote takes the piece. */
const CUT_MARK = "…";
/** A wrapped line of prose (no cells), long enough to be cut by the page's width rather than end a paragraph. */
const isProseLine = (line: string) => line.trim().length >= 60 && !CELL_GAP.test(line.trim());

/** Each page's sentences, segmented once (lib/core/sentences.ts) for every chunk of the page. */
function pageSentences(pages: readonly string[]): (pageIndex: number) => SentenceSpan[] {
  const cache = new Map<number, SentenceSpan[]>();
  return (pageIndex) => {
    let spans = cache.get(pageIndex);
    if (spans === undefined) {
      const page = pages[pageIndex]!;
      spans = sentenceSpans(page).filter((span) => !isPageFurniture(page.slice(span.start, span.end)));
      cache.set(pageIndex, spans);
    }
    return spans;
  };
}

/**
 * Marks each text chunk's edges that fall inside a sentence of the filing with "…": a chunk opening in
 * the middle of a sentence (a paragraph cut to the chunk's size, or the sentence the previous page
 * began, its last line a wrapped line with no full stop), or closing before a sentence's end.
 */
function markCutSentences(pages: readonly string[], chunks: FilingChunkInput[]): void {
  const sentencesOf = pageSentences(pages);
  for (const chunk of chunks) {
    if (chunk.isTable) continue;
    const page = pages[chunk.pageIndex]!;
    const spans = sentencesOf(chunk.pageIndex);
    const start =
      chunk.charStart + (page.slice(chunk.charStart).length - page.slice(chunk.charStart).trimStart().length);
    const end = chunk.charStart + page.slice(chunk.charStart, chunk.charEnd).trimEnd().length;
    const opening = spans.find((span) => span.start <= start && start < span.end);
    let cutAtStart = opening !== undefined && opening.start < start;
    if (!cutAtStart && opening !== undefined && opening === spans[0] && chunk.pageIndex > 0) {
      const previous = pages[chunk.pageIndex - 1]!;
      const last = sentencesOf(chunk.pageIndex - 1).at(-1);
      const lastLine = last ? previous.slice(last.start, last.end).split("\n").at(-1)! : "";
      cutAtStart = last !== undefined && isProseLine(lastLine) && !SENTENCE_END.test(lastLine.trim());
    }
    const closing = spans.find((span) => span.start < end && end <= span.end);
    const cutAtEnd = closing !== undefined && closing.end > end;
    if (cutAtStart) chunk.text = `${CUT_MARK} ${chunk.text}`;
    if (cutAtEnd) chunk.text = `${chunk.text} ${CUT_MARK}`;
  }
}

/** A table as one chunk, or split by rows when huge, each piece repeating caption and column headers. */
function tableChunks(
  block: Block,
  caption: string | null,
  where: {
    section: FilingSection;
    pageIndex: number;
    statements: boolean;
    header: (extra: string | null) => string;
  },
): FilingChunkInput[] {
  const rows = block.lines.map((l) => ({ ...l, text: tidy(l.text) }));
  // Column headers: the rows before the first with a figure ("2023   2022" has none: years are not money).
  const firstFigure = rows.findIndex((r) => MONEY.test(r.text));
  const headerRows = rows.slice(0, Math.max(0, firstFigure));
  const bodyRows = rows.slice(Math.max(0, firstFigure));
  const lead = [caption, ...headerRows.map((r) => r.text)].filter((x): x is string => Boolean(x)).join("\n");
  const isFinancialStatement = where.statements || STATEMENT_CAPTION.test(caption ?? "");
  const pieces: (typeof bodyRows)[] = [];
  let piece: typeof bodyRows = [];
  let chars = lead.length;
  for (const row of bodyRows) {
    if (piece.length > 0 && chars + row.text.length > TABLE_MAX_CHARS) {
      pieces.push(piece);
      piece = [];
      chars = lead.length;
    }
    piece.push(row);
    chars += row.text.length + 1;
  }
  if (piece.length > 0) pieces.push(piece);
  return pieces.map((rowsOfPiece, i) => {
    const first = i === 0 && headerRows.length > 0 ? headerRows[0]! : rowsOfPiece[0]!;
    const last = rowsOfPiece[rowsOfPiece.length - 1]!;
    return {
      sectionCode: where.section.code,
      sectionTitle: where.section.title,
      pageIndex: where.pageIndex,
      charStart: first.start,
      charEnd: last.start + last.text.length,
      isTable: true,
      isFinancialStatement,
      text: [lead, ...rowsOfPiece.map((r) => r.text)].filter(Boolean).join("\n"),
      header: where.header(caption),
      summary: null,
    };
  });
}
