// The /data page's facts section: stored metric values by source (XBRL or a filing's table), what
// `ingest facts` read from the filing tables, and every mapped table value that differs from XBRL,
// each with its filing page (the page viewer highlights the row).
import type { FactsOverview } from "@/lib/db/queries/facts-overview";
import { disagreementKindLabel, filingPagePath, filingPeriodLabel, tableRowProvenance } from "@/lib/format/provenance";
import { formatCount } from "./format";
import {
  bodyClass,
  cellClass,
  headCellClass,
  headRowClass,
  numericCellClass,
  numericHeadCellClass,
  rowClass,
  tableClass,
  tableFrameClass,
} from "./table-classes";

const SOURCE_NAMES: Record<string, string> = {
  sec_companyfacts: "SEC company facts (XBRL)",
  sec_xbrl: "SEC XBRL filings",
  filing_table: "10-K/10-Q statement tables",
};

export function FactsReport({ overview }: { overview: FactsOverview }) {
  const { extraction: e } = overview;
  return (
    <div className="space-y-4">
      <div className={tableFrameClass}>
        <table className={tableClass} data-testid="facts-by-source">
          <thead>
            <tr className={headRowClass}>
              <th scope="col" className={headCellClass}>
                Source
              </th>
              <th scope="col" className={numericHeadCellClass}>
                Values
              </th>
              <th scope="col" className={numericHeadCellClass}>
                Companies
              </th>
            </tr>
          </thead>
          <tbody className={bodyClass}>
            {overview.bySource.map((s) => (
              <tr key={s.sourceKind} className={rowClass}>
                <td className={cellClass}>{SOURCE_NAMES[s.sourceKind] ?? s.sourceKind}</td>
                <td className={numericCellClass}>{formatCount(s.values)}</td>
                <td className={numericCellClass}>{formatCount(s.companies)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <p className="text-sm text-slate-600" data-testid="facts-extraction">
        From {formatCount(e.filings)} filings: {formatCount(e.tables)} tables, {formatCount(e.rows)} rows,{" "}
        {formatCount(e.cells)} cells; {formatCount(e.mappedRows)} rows ({formatCount(e.mappedCells)} cells) mapped to
        catalog metrics. Of {formatCount(overview.compared)} mapped values XBRL also gives,{" "}
        {formatCount(overview.disagreeing)} differ; XBRL is preferred and answers show both.{" "}
        {formatCount(e.embeddedLabels)} of {formatCount(e.labels)} distinct row labels embedded; until a label is
        embedded, questions find its line by keywords only.
      </p>
      {overview.disagreements.length > 0 ? (
        <div className={tableFrameClass}>
          <table className={tableClass} data-testid="facts-disagreements">
            <thead>
              <tr className={headRowClass}>
                <th scope="col" className={headCellClass}>
                  Company · metric · period
                </th>
                <th scope="col" className={numericHeadCellClass}>
                  XBRL
                </th>
                <th scope="col" className={numericHeadCellClass}>
                  Table
                </th>
                <th scope="col" className={headCellClass}>
                  Table row
                </th>
                <th scope="col" className={headCellClass}>
                  Why
                </th>
              </tr>
            </thead>
            <tbody className={bodyClass}>
              {overview.disagreements.map((d) => (
                <tr key={`${d.filingId}-${d.page}-${d.line}-${d.fiscalYear}-${d.fiscalPeriod}`} className={rowClass}>
                  <td className={cellClass}>
                    {d.ticker} · {d.metricKey} · {filingPeriodLabel(d.fiscalYear, d.fiscalPeriod)}
                  </td>
                  <td className={numericCellClass} title={d.xbrlConcept ?? undefined}>
                    {d.xbrlValue}
                  </td>
                  <td className={numericCellClass}>{d.tableValue}</td>
                  <td className={cellClass}>
                    <a className="underline" href={filingPagePath(d.filingId, d.page, { line: d.line })}>
                      {tableRowProvenance({
                        form: d.form,
                        filingPeriod: filingPeriodLabel(d.filingFiscalYear, d.filingFiscalPeriod),
                        documentKey: d.documentKey,
                        page: d.page,
                        row: d.row,
                      })}
                    </a>
                  </td>
                  <td className={cellClass}>{disagreementKindLabel(d.kind)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
    </div>
  );
}
