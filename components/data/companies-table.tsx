import type { CompanyOverview } from "@/lib/db/queries/data-overview";
import { Badge } from "./badge";
import { formatCount, formatRange, monthName } from "./format";
import {
  bodyClass,
  cellClass,
  headCellClass,
  headRowClass,
  mutedClass,
  numericCellClass,
  numericHeadCellClass,
  rowClass,
  tableClass,
  tableFrameClass,
} from "./table-classes";

export function CompaniesTable({ companies }: { companies: CompanyOverview[] }) {
  return (
    <div className={tableFrameClass}>
      <table className={tableClass} data-testid="companies-table">
        <thead>
          <tr className={headRowClass}>
            <th scope="col" className={headCellClass}>
              Company
            </th>
            <th scope="col" className={headCellClass}>
              Sector / industry
            </th>
            <th scope="col" className={headCellClass}>
              Exchange
            </th>
            <th scope="col" className={headCellClass}>
              Fiscal year ends
            </th>
            <th scope="col" className={numericHeadCellClass}>
              Current values
            </th>
            <th scope="col" className={headCellClass}>
              Fiscal years
            </th>
            <th scope="col" className={headCellClass}>
              Prices
            </th>
          </tr>
        </thead>
        <tbody className={bodyClass}>
          {companies.map((company) => (
            <tr key={company.ticker} className={rowClass} data-testid={`company-row-${company.ticker}`}>
              <td className={`${cellClass} min-w-44`}>
                <div className="font-semibold text-slate-900" data-testid="company-ticker">
                  {company.ticker}
                </div>
                <div className={mutedClass} data-testid="company-name">
                  {company.name}
                </div>
              </td>
              <td className={`${cellClass} min-w-52`}>
                <div>{company.sector ?? <span className={mutedClass}>—</span>}</div>
                {company.industry ? <div className={`${mutedClass} text-xs`}>{company.industry}</div> : null}
              </td>
              <td className={cellClass}>{company.exchange ?? <span className={mutedClass}>—</span>}</td>
              <td className={`${cellClass} whitespace-nowrap`}>{monthName(company.fiscalYearEndMonth)}</td>
              <td className={numericCellClass} data-testid="company-current-values">
                {formatCount(company.currentMetricValues)}
              </td>
              <td className={`${cellClass} whitespace-nowrap tabular-nums`}>
                {company.currentMetricValues === 0 ? (
                  <Badge tone="warning" testId="no-fundamentals-badge">
                    No fundamentals
                  </Badge>
                ) : (
                  formatRange(company.firstFiscalYear, company.lastFiscalYear)
                )}
              </td>
              <td className={`${cellClass} whitespace-nowrap tabular-nums`}>
                {company.firstPriceDate ? (
                  formatRange(company.firstPriceDate, company.lastPriceDate)
                ) : (
                  <span className={mutedClass}>none</span>
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
