// Why a filing's table and XBRL give different numbers for one company, metric and period: a later
// filing (XBRL's or the table's) restated or split-adjusted the figure (the two sources genuinely differ, both are shown), or
// nothing explains it (an error of the extraction or mapping). One rule for the evaluation and the app.
import { addDays } from "./dates";
import { Decimal } from "./decimal";

/**
 * "split_adjusted": XBRL comes from a later filing and is the table's per-share figure divided (share
 * count multiplied) by a whole split ratio; "restated_confirmed": a later filing's own table prints the
 * XBRL value; "restated_later": XBRL knows the value only from a filing after the table's (restated
 * comparatives, e.g. discontinued operations), no later table to confirm; "restated_by_table": the other
 * way round, XBRL comes from an earlier filing and the table's filing restated its comparative column
 * (Microsoft's FY2016 10-K adopting the deferred-tax classification retrospectively); "other_concept": the XBRL
 * filing gives the table's value under another concept of the metric (the stored value is another line,
 * a definition difference); "unexplained": none of these.
 */
export type DisagreementKind =
  | "other_concept"
  | "split_adjusted"
  | "restated_confirmed"
  | "restated_later"
  | "restated_by_table"
  | "unexplained";

export interface DisagreementEvidence {
  /** "USD/shares" (per share), "shares" or any other unit. */
  unit: string;
  tableValue: string;
  xbrlValue: string;
  /** When XBRL knew the value: its filing's date or that filing's period end. */
  xbrlKnownAt: string;
  /** The period end the table's filing reports (its latest column). */
  tableFilingPeriodEnd: string;
  /** A table of a later filing maps the same company, metric and period to the XBRL value. */
  laterTablePrintsXbrl: boolean;
  /** The XBRL filing reports the table's value for that period under another of the metric's concepts
   * (known only where all of its facts are at hand, as in the evaluation). */
  otherConceptPrintsTable?: boolean;
}

/** A 10-K is filed within 90 days of its period end, a 10-Q within 45: XBRL known later came from a
 * later filing. Half a year leaves room for a late filer without reaching the next annual report. */
const OWN_FILING_DAYS = 180;

/** A split ratio read off rounded per-share figures: within 1% of a whole number of at least 2. */
const SPLIT_TOLERANCE = 0.01;

export function disagreementKindOf(e: DisagreementEvidence): DisagreementKind {
  if (e.otherConceptPrintsTable === true) return "other_concept";
  const fromLaterFiling = e.xbrlKnownAt > addDays(e.tableFilingPeriodEnd, OWN_FILING_DAYS);
  // Known half a year before the table's filing ended its period: an earlier filing's figure.
  const fromEarlierFiling = e.xbrlKnownAt < addDays(e.tableFilingPeriodEnd, -OWN_FILING_DAYS);
  if (fromEarlierFiling) return "restated_by_table";
  if (!fromLaterFiling) return "unexplained";
  if (isSplitAdjusted(e)) return "split_adjusted";
  return e.laterTablePrintsXbrl ? "restated_confirmed" : "restated_later";
}

function isSplitAdjusted(e: DisagreementEvidence): boolean {
  if (e.unit !== "USD/shares" && e.unit !== "shares") return false;
  const table = new Decimal(e.tableValue).abs();
  const xbrl = new Decimal(e.xbrlValue).abs();
  if (table.isZero() || xbrl.isZero()) return false;
  // A split divides a per-share figure and multiplies a share count.
  const ratio = e.unit === "USD/shares" ? table.div(xbrl) : xbrl.div(table);
  const whole = ratio.toDecimalPlaces(0);
  return whole.gte(2) && ratio.minus(whole).abs().lte(whole.times(SPLIT_TOLERANCE));
}
