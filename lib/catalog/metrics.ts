// The metric catalog: hand-curated definitions of the metrics FinGround can answer with, or can say
// it cannot. Filed metrics map to XBRL concepts, listed in priority order (see MetricDefinition);
// concept choices were checked against the concepts the core companies actually file. Derived metrics
// carry a formula over other catalog metrics (grammar in ./formulas.ts) and no concepts. Text here is
// our own wording.

import type { Frequency, MetricDefinition, MetricFormula, Statement } from "./types";

/** A filed metric without the fields its statement fixes (statement, period type, usual frequency). */
type MetricSpec = Omit<MetricDefinition, "statement" | "periodType" | "frequency" | "formula" | "unavailableReason"> &
  Partial<Pick<MetricDefinition, "frequency">>;

// Builders keep each entry focused on what differs; 10-Qs report every statement, hence quarterly.
const income = (m: MetricSpec): MetricDefinition => ({
  frequency: "quarterly",
  statement: "income",
  periodType: "duration",
  formula: null,
  ...m,
});
const balance = (m: MetricSpec): MetricDefinition => ({
  frequency: "quarterly",
  statement: "balance_sheet",
  periodType: "instant",
  formula: null,
  ...m,
});
const cashFlow = (m: MetricSpec): MetricDefinition => ({
  frequency: "quarterly",
  statement: "cash_flow",
  periodType: "duration",
  formula: null,
  ...m,
});
const cover = (m: MetricSpec): MetricDefinition => ({
  frequency: "annual",
  statement: "cover",
  periodType: "instant",
  formula: null,
  ...m,
});
// Market metrics come from price feeds, never from filings: no XBRL concepts.
const market = (m: Omit<MetricSpec, "concepts">): MetricDefinition => ({
  frequency: "daily",
  statement: "market",
  periodType: "instant",
  concepts: [],
  formula: null,
  ...m,
});

/** Income and cash flow figures cover a period; balances and prices are read at a date. */
const PERIOD_TYPES: Readonly<Record<Statement, MetricDefinition["periodType"]>> = {
  income: "duration",
  cash_flow: "duration",
  balance_sheet: "instant",
  cover: "instant",
  market: "instant",
};

/** A computed or unavailable metric: the statement of its main input ("market" when it reads prices). */
type ComputedSpec = Omit<
  MetricDefinition,
  "statement" | "periodType" | "frequency" | "concepts" | "formula" | "unavailableReason"
> & {
  frequency?: Frequency;
};

const defaultFrequency = (statement: Statement): Frequency => (statement === "market" ? "daily" : "quarterly");

/** A derived metric: computed with `formula`, never filed, so no XBRL concepts. */
const derived = (statement: Statement, formula: MetricFormula, m: ComputedSpec): MetricDefinition => ({
  frequency: defaultFrequency(statement),
  statement,
  periodType: PERIOD_TYPES[statement],
  concepts: [],
  formula,
  ...m,
});

/** A metric people ask about that FinGround's data cannot give: listed so the question is recognized
 * and the answer can say why. */
const unavailable = (statement: Statement, unavailableReason: string, m: ComputedSpec): MetricDefinition => ({
  frequency: defaultFrequency(statement),
  statement,
  periodType: PERIOD_TYPES[statement],
  concepts: [],
  formula: null,
  unavailableReason,
  ...m,
});

const formula = (
  expression: string,
  inputs: readonly string[],
  extra: Omit<MetricFormula, "expression" | "inputs"> = {},
): MetricFormula => ({
  expression,
  inputs,
  ...extra,
});

const INCOME_METRICS: readonly MetricDefinition[] = [
  income({
    key: "revenue",
    name: "Revenue",
    description: "Total income a company earns from selling its goods and services in the period, before any costs.",
    unitKind: "currency",
    aliases: ["sales", "net sales", "revenues", "total revenue", "net revenue", "turnover", "top line", "topline"],
    related: ["cost_of_revenue", "gross_profit", "operating_income", "net_income", "deferred_revenue_current"],
    // ASC 606 concept first; the older and broader ones cover pre-2018 filings and banks.
    concepts: [
      "us-gaap:RevenueFromContractWithCustomerExcludingAssessedTax",
      "us-gaap:Revenues",
      "us-gaap:SalesRevenueNet",
      "us-gaap:RevenueFromContractWithCustomerIncludingAssessedTax",
      "us-gaap:SalesRevenueGoodsNet",
      "us-gaap:RevenuesNetOfInterestExpense",
    ],
  }),
  income({
    key: "cost_of_revenue",
    name: "Cost of Revenue",
    description: "Direct cost of producing or buying the goods and services that were sold in the period.",
    unitKind: "currency",
    aliases: [
      "cost of sales",
      "cost of goods sold",
      "cogs",
      "cost of goods and services sold",
      "cost of revenues",
      "cost of services",
    ],
    related: ["revenue", "gross_profit", "inventory"],
    concepts: [
      "us-gaap:CostOfGoodsAndServicesSold",
      "us-gaap:CostOfRevenue",
      "us-gaap:CostOfGoodsSold",
      "us-gaap:CostOfServices",
    ],
  }),
  income({
    key: "gross_profit",
    name: "Gross Profit",
    description: "Revenue left after subtracting the direct cost of what was sold.",
    unitKind: "currency",
    aliases: ["gross income", "gross margin dollars", "gross profit dollars"],
    related: ["revenue", "cost_of_revenue", "operating_income"],
    concepts: ["us-gaap:GrossProfit"],
  }),
  income({
    key: "research_and_development",
    name: "Research and Development Expense",
    description: "Spending on developing new products and technologies and improving existing ones.",
    unitKind: "currency",
    aliases: ["r&d", "r & d", "r and d", "research & development", "rnd", "r&d expense", "research spending"],
    related: ["operating_expenses", "revenue", "stock_based_compensation"],
    concepts: [
      "us-gaap:ResearchAndDevelopmentExpense",
      "us-gaap:ResearchAndDevelopmentExpenseExcludingAcquiredInProcessCost",
    ],
  }),
  income({
    key: "selling_general_admin",
    name: "Selling, General and Administrative Expense",
    description: "Overhead costs of selling products and running the business that are not tied to production.",
    unitKind: "currency",
    aliases: [
      "sg&a",
      "sga",
      "sg & a",
      "selling general and administrative",
      "selling, general & administrative",
      "overhead",
    ],
    related: ["selling_and_marketing", "general_and_administrative", "operating_expenses", "revenue"],
    concepts: ["us-gaap:SellingGeneralAndAdministrativeExpense"],
  }),
  income({
    key: "selling_and_marketing",
    name: "Sales and Marketing Expense",
    description:
      "Cost of advertising, promoting and selling products, reported separately by companies that split SG&A.",
    unitKind: "currency",
    aliases: ["s&m", "sales and marketing", "sales & marketing", "selling and marketing", "marketing expense"],
    related: ["selling_general_admin", "general_and_administrative", "operating_expenses"],
    concepts: ["us-gaap:SellingAndMarketingExpense"],
  }),
  income({
    key: "general_and_administrative",
    name: "General and Administrative Expense",
    description:
      "Cost of corporate functions such as finance, legal and management, when reported apart from selling costs.",
    unitKind: "currency",
    aliases: ["g&a", "general & administrative", "admin expense", "administrative expense"],
    related: ["selling_general_admin", "selling_and_marketing", "operating_expenses"],
    concepts: ["us-gaap:GeneralAndAdministrativeExpense"],
  }),
  income({
    key: "operating_expenses",
    name: "Operating Expenses",
    description: "Total operating costs below gross profit, such as R&D and SG&A, as the company reports them.",
    unitKind: "currency",
    aliases: ["opex", "operating costs", "total operating expenses", "operating expense"],
    related: ["research_and_development", "selling_general_admin", "gross_profit", "operating_income"],
    concepts: ["us-gaap:OperatingExpenses"],
  }),
  income({
    key: "costs_and_expenses",
    name: "Total Costs and Expenses",
    description: "All operating costs including cost of revenue, for companies that present one combined total.",
    unitKind: "currency",
    aliases: ["total costs and expenses", "costs and expenses", "total expenses"],
    related: ["revenue", "cost_of_revenue", "operating_expenses", "operating_income"],
    concepts: ["us-gaap:CostsAndExpenses"],
  }),
  income({
    key: "operating_income",
    name: "Operating Income",
    description:
      "Profit from the core business after cost of revenue and operating expenses, before interest and taxes.",
    unitKind: "currency",
    aliases: [
      "operating profit",
      "income from operations",
      "operating earnings",
      "ebit",
      "operating income (loss)",
      "op income",
    ],
    related: ["revenue", "gross_profit", "operating_expenses", "pretax_income", "depreciation_amortization"],
    concepts: ["us-gaap:OperatingIncomeLoss"],
  }),
  income({
    key: "interest_expense",
    name: "Interest Expense",
    description: "Cost of interest on the company's borrowings recognized in the period.",
    unitKind: "currency",
    aliases: ["interest cost", "interest charges", "interest expense on debt"],
    related: ["long_term_debt", "interest_paid", "operating_income", "pretax_income"],
    concepts: ["us-gaap:InterestExpense", "us-gaap:InterestExpenseNonoperating", "us-gaap:InterestExpenseDebt"],
  }),
  income({
    key: "interest_income",
    name: "Interest Income",
    description: "Interest earned on cash, investments and, for lenders, on loans.",
    unitKind: "currency",
    aliases: ["interest earned", "investment income", "interest and dividend income"],
    related: ["cash", "marketable_securities_current", "nonoperating_income"],
    concepts: [
      "us-gaap:InvestmentIncomeInterest",
      "us-gaap:InvestmentIncomeInterestAndDividend",
      "us-gaap:InterestAndDividendIncomeOperating",
    ],
  }),
  income({
    key: "nonoperating_income",
    name: "Non-operating Income (Expense)",
    description: "Net total of gains, losses, interest and other items outside the core business.",
    unitKind: "currency",
    aliases: [
      "other income (expense), net",
      "total other income",
      "non-operating income",
      "nonoperating income",
      "other income expense net",
    ],
    related: ["interest_income", "interest_expense", "other_nonoperating_income", "pretax_income"],
    concepts: ["us-gaap:NonoperatingIncomeExpense"],
  }),
  income({
    key: "other_nonoperating_income",
    name: "Other Non-operating Income (Expense)",
    description: "Miscellaneous non-operating gains and losses not classified elsewhere.",
    unitKind: "currency",
    aliases: ["other income", "other expense", "other nonoperating income"],
    related: ["nonoperating_income", "pretax_income"],
    concepts: ["us-gaap:OtherNonoperatingIncomeExpense"],
  }),
  income({
    key: "pretax_income",
    name: "Income Before Income Taxes",
    description: "Profit from continuing operations before the provision for income taxes.",
    unitKind: "currency",
    aliases: [
      "pretax income",
      "pre-tax income",
      "ebt",
      "earnings before taxes",
      "income before taxes",
      "pretax profit",
      "profit before tax",
    ],
    related: ["operating_income", "income_tax", "net_income", "effective_tax_rate"],
    concepts: [
      "us-gaap:IncomeLossFromContinuingOperationsBeforeIncomeTaxesExtraordinaryItemsNoncontrollingInterest",
      "us-gaap:IncomeLossFromContinuingOperationsBeforeIncomeTaxesMinorityInterestAndIncomeLossFromEquityMethodInvestments",
    ],
  }),
  income({
    key: "income_tax",
    name: "Income Tax Expense",
    description: "Provision for current and deferred income taxes charged against the period's profit.",
    unitKind: "currency",
    aliases: ["income taxes", "tax expense", "provision for income taxes", "tax provision", "taxes"],
    related: ["pretax_income", "effective_tax_rate", "income_taxes_paid", "deferred_income_tax"],
    concepts: ["us-gaap:IncomeTaxExpenseBenefit"],
  }),
  income({
    key: "deferred_income_tax",
    name: "Deferred Income Tax Expense",
    description:
      "Part of the tax provision that reflects timing differences and will be paid or recovered in later periods.",
    unitKind: "currency",
    aliases: ["deferred taxes", "deferred tax expense", "deferred income taxes"],
    related: ["income_tax", "operating_cash_flow"],
    concepts: ["us-gaap:DeferredIncomeTaxExpenseBenefit"],
  }),
  income({
    key: "effective_tax_rate",
    name: "Effective Tax Rate",
    description: "Income tax expense as a fraction of pretax income, reported as a decimal (0.21 means 21%).",
    // Filers tag it with the "pure" unit as a decimal fraction, hence ratio rather than percent.
    unitKind: "ratio",
    aliases: ["tax rate", "etr", "effective income tax rate"],
    related: ["income_tax", "pretax_income"],
    concepts: ["us-gaap:EffectiveIncomeTaxRateContinuingOperations"],
  }),
  income({
    key: "net_income",
    name: "Net Income",
    description: "Bottom-line profit attributable to the company's shareholders after all expenses and taxes.",
    unitKind: "currency",
    aliases: ["net earnings", "net profit", "profit", "earnings", "bottom line", "net income (loss)", "net loss"],
    related: ["pretax_income", "income_tax", "eps_diluted", "net_income_noncontrolling", "revenue"],
    // ProfitLoss includes minority interests: only a fallback when the parent's share is missing.
    concepts: ["us-gaap:NetIncomeLoss", "us-gaap:ProfitLoss"],
  }),
  income({
    key: "net_income_noncontrolling",
    name: "Net Income Attributable to Noncontrolling Interests",
    description:
      "Share of consolidated profit that belongs to minority owners of subsidiaries rather than to the parent.",
    unitKind: "currency",
    aliases: ["minority interest income", "nci net income", "net income to noncontrolling interests"],
    related: ["net_income", "noncontrolling_interest"],
    concepts: ["us-gaap:NetIncomeLossAttributableToNoncontrollingInterest"],
  }),
  income({
    key: "net_income_to_common",
    name: "Net Income Available to Common Shareholders",
    description:
      "Net income left for common shareholders after preferred dividends and similar claims, used for basic EPS.",
    unitKind: "currency",
    aliases: [
      "net income available to common stockholders",
      "earnings to common",
      "net income attributable to common shareholders",
    ],
    related: ["net_income", "eps_basic", "weighted_shares_basic"],
    concepts: ["us-gaap:NetIncomeLossAvailableToCommonStockholdersBasic"],
  }),
  income({
    key: "eps_basic",
    name: "Basic EPS",
    description: "Net income per share computed with the weighted average of shares outstanding, ignoring dilution.",
    unitKind: "per_share",
    aliases: ["basic eps", "basic earnings per share", "earnings per share basic", "eps basic"],
    related: ["net_income", "weighted_shares_basic", "eps_diluted"],
    concepts: ["us-gaap:EarningsPerShareBasic"],
  }),
  income({
    key: "eps_diluted",
    name: "Diluted EPS",
    description: "Net income per share counting every share that options, convertibles and awards could add.",
    unitKind: "per_share",
    aliases: [
      "diluted eps",
      "eps",
      "earnings per share",
      "diluted earnings per share",
      "eps diluted",
      "earnings per share diluted",
    ],
    related: ["net_income", "weighted_shares_diluted", "eps_basic"],
    // Filers with no dilution report one combined figure; it is the headline EPS, so it lands here.
    concepts: ["us-gaap:EarningsPerShareDiluted", "us-gaap:EarningsPerShareBasicAndDiluted"],
  }),
  income({
    key: "weighted_shares_basic",
    name: "Weighted Average Shares (Basic)",
    description: "Average number of common shares outstanding during the period, used as the basic EPS denominator.",
    unitKind: "shares",
    aliases: ["basic shares", "weighted average shares basic", "basic weighted average shares", "basic share count"],
    related: ["eps_basic", "weighted_shares_diluted", "shares_outstanding"],
    concepts: ["us-gaap:WeightedAverageNumberOfSharesOutstandingBasic"],
  }),
  income({
    key: "weighted_shares_diluted",
    name: "Weighted Average Shares (Diluted)",
    description: "Average share count including potentially dilutive securities, used as the diluted EPS denominator.",
    unitKind: "shares",
    aliases: [
      "diluted shares",
      "weighted average shares diluted",
      "diluted weighted average shares",
      "diluted share count",
      "fully diluted shares",
    ],
    related: ["eps_diluted", "weighted_shares_basic", "shares_outstanding"],
    concepts: [
      "us-gaap:WeightedAverageNumberOfDilutedSharesOutstanding",
      "us-gaap:WeightedAverageNumberOfShareOutstandingBasicAndDiluted",
    ],
  }),
  income({
    key: "dividends_per_share",
    name: "Dividends per Share",
    description: "Cash dividend declared (or, failing that, paid) for each common share in the period.",
    unitKind: "per_share",
    aliases: ["dps", "dividend per share", "dividend", "dividends declared per share", "dividend rate"],
    related: ["dividends_paid", "eps_diluted", "price_close"],
    concepts: ["us-gaap:CommonStockDividendsPerShareDeclared", "us-gaap:CommonStockDividendsPerShareCashPaid"],
  }),
  income({
    key: "comprehensive_income",
    name: "Comprehensive Income",
    description:
      "Net income plus unrealized gains and losses that bypass the income statement, attributable to the parent.",
    unitKind: "currency",
    aliases: ["total comprehensive income", "comprehensive income (loss)"],
    related: ["net_income", "other_comprehensive_income", "accumulated_oci"],
    concepts: [
      "us-gaap:ComprehensiveIncomeNetOfTax",
      "us-gaap:ComprehensiveIncomeNetOfTaxIncludingPortionAttributableToNoncontrollingInterest",
    ],
  }),
  income({
    key: "other_comprehensive_income",
    name: "Other Comprehensive Income",
    description:
      "Unrealized items such as currency translation, hedge and securities gains recorded in equity instead of net income.",
    unitKind: "currency",
    aliases: ["oci", "other comprehensive income (loss)", "other comprehensive loss"],
    related: ["comprehensive_income", "net_income", "accumulated_oci"],
    // Parent's share first, matching net_income; the total is the same for most filers.
    concepts: [
      "us-gaap:OtherComprehensiveIncomeLossNetOfTaxPortionAttributableToParent",
      "us-gaap:OtherComprehensiveIncomeLossNetOfTax",
    ],
  }),
];

const BALANCE_SHEET_METRICS: readonly MetricDefinition[] = [
  balance({
    key: "total_assets",
    name: "Total Assets",
    description: "Everything the company owns or controls that has value, at the balance sheet date.",
    unitKind: "currency",
    aliases: ["assets", "balance sheet total", "total asset"],
    related: ["current_assets", "total_liabilities", "stockholders_equity", "liabilities_and_equity"],
    concepts: ["us-gaap:Assets"],
  }),
  balance({
    key: "current_assets",
    name: "Current Assets",
    description:
      "Assets expected to turn into cash or be used up within a year, such as cash, receivables and inventory.",
    unitKind: "currency",
    aliases: ["total current assets", "short-term assets"],
    related: ["current_liabilities", "cash", "accounts_receivable", "inventory", "total_assets"],
    concepts: ["us-gaap:AssetsCurrent"],
  }),
  balance({
    key: "cash",
    name: "Cash and Cash Equivalents",
    description: "Cash on hand plus highly liquid investments maturing within three months.",
    unitKind: "currency",
    aliases: [
      "cash and cash equivalents",
      "cash & equivalents",
      "cash and equivalents",
      "cash balance",
      "cash on hand",
    ],
    related: ["cash_and_restricted_cash", "marketable_securities_current", "current_assets"],
    concepts: ["us-gaap:CashAndCashEquivalentsAtCarryingValue", "us-gaap:Cash"],
  }),
  balance({
    key: "cash_and_restricted_cash",
    name: "Cash, Cash Equivalents and Restricted Cash",
    description:
      "Cash and equivalents including cash set aside for specific uses, the balance the cash flow statement reconciles to.",
    unitKind: "currency",
    aliases: ["cash including restricted cash", "cash and restricted cash"],
    related: ["cash", "net_change_in_cash"],
    concepts: ["us-gaap:CashCashEquivalentsRestrictedCashAndRestrictedCashEquivalents"],
  }),
  balance({
    key: "marketable_securities_current",
    name: "Current Marketable Securities",
    description: "Short-term investments in securities that can readily be sold, held beyond cash equivalents.",
    unitKind: "currency",
    aliases: [
      "short-term investments",
      "short term investments",
      "marketable securities",
      "current marketable securities",
    ],
    related: ["cash", "marketable_securities_noncurrent", "current_assets"],
    concepts: [
      "us-gaap:MarketableSecuritiesCurrent",
      "us-gaap:ShortTermInvestments",
      "us-gaap:AvailableForSaleSecuritiesDebtSecuritiesCurrent",
    ],
  }),
  balance({
    key: "marketable_securities_noncurrent",
    name: "Non-current Marketable Securities",
    description: "Investments in tradable securities the company expects to hold for more than a year.",
    unitKind: "currency",
    aliases: ["long-term marketable securities", "long-term investments", "non-current marketable securities"],
    related: ["marketable_securities_current", "cash", "total_assets"],
    concepts: ["us-gaap:MarketableSecuritiesNoncurrent", "us-gaap:AvailableForSaleSecuritiesDebtSecuritiesNoncurrent"],
  }),
  balance({
    key: "accounts_receivable",
    name: "Accounts Receivable",
    description: "Money customers owe for goods and services already delivered, net of expected credit losses.",
    unitKind: "currency",
    aliases: ["receivables", "trade receivables", "a/r", "ar", "accounts receivable net"],
    related: ["revenue", "current_assets"],
    concepts: ["us-gaap:AccountsReceivableNetCurrent", "us-gaap:ReceivablesNetCurrent"],
  }),
  balance({
    key: "inventory",
    name: "Inventory",
    description: "Value of raw materials, work in progress and finished goods held for sale.",
    unitKind: "currency",
    aliases: ["inventories", "stock on hand", "inventory net"],
    related: ["cost_of_revenue", "current_assets"],
    concepts: ["us-gaap:InventoryNet"],
  }),
  balance({
    key: "ppe_net",
    name: "Property, Plant and Equipment, Net",
    description: "Land, buildings, machinery and other long-lived physical assets after accumulated depreciation.",
    unitKind: "currency",
    aliases: ["pp&e", "ppe", "net ppe", "fixed assets", "property plant and equipment", "property and equipment"],
    related: ["capex", "depreciation_amortization", "total_assets"],
    concepts: [
      "us-gaap:PropertyPlantAndEquipmentNet",
      "us-gaap:PropertyPlantAndEquipmentAndFinanceLeaseRightOfUseAssetAfterAccumulatedDepreciationAndAmortization",
    ],
  }),
  balance({
    key: "goodwill",
    name: "Goodwill",
    description: "Premium paid in acquisitions above the fair value of the identifiable net assets bought.",
    unitKind: "currency",
    aliases: ["acquisition goodwill"],
    related: ["intangible_assets", "acquisitions", "total_assets"],
    concepts: ["us-gaap:Goodwill"],
  }),
  balance({
    key: "intangible_assets",
    name: "Intangible Assets, Net",
    description:
      "Identifiable non-physical assets such as patents, trademarks and customer relationships, excluding goodwill.",
    unitKind: "currency",
    aliases: ["intangibles", "intangible assets", "acquired intangibles"],
    related: ["goodwill", "amortization_of_intangibles", "acquisitions"],
    concepts: ["us-gaap:IntangibleAssetsNetExcludingGoodwill", "us-gaap:FiniteLivedIntangibleAssetsNet"],
  }),
  balance({
    key: "operating_lease_rou_assets",
    name: "Operating Lease Right-of-Use Assets",
    description: "Right to use leased property and equipment under operating leases, recognized as an asset.",
    unitKind: "currency",
    aliases: ["rou assets", "right-of-use assets", "operating lease assets"],
    related: ["operating_lease_liabilities", "ppe_net"],
    concepts: ["us-gaap:OperatingLeaseRightOfUseAsset"],
  }),
  balance({
    key: "other_assets_noncurrent",
    name: "Other Non-current Assets",
    description: "Long-term assets that the balance sheet does not show on a line of their own.",
    unitKind: "currency",
    aliases: ["other long-term assets", "other non-current assets", "other assets"],
    related: ["total_assets"],
    concepts: ["us-gaap:OtherAssetsNoncurrent"],
  }),
  balance({
    key: "total_liabilities",
    name: "Total Liabilities",
    description: "All obligations the company owes to others at the balance sheet date.",
    unitKind: "currency",
    aliases: ["liabilities", "total obligations"],
    related: ["current_liabilities", "total_assets", "stockholders_equity", "liabilities_and_equity"],
    concepts: ["us-gaap:Liabilities"],
  }),
  balance({
    key: "current_liabilities",
    name: "Current Liabilities",
    description: "Obligations due within a year, such as payables, accrued expenses and short-term debt.",
    unitKind: "currency",
    aliases: ["total current liabilities", "short-term liabilities"],
    related: ["current_assets", "accounts_payable", "debt_current", "total_liabilities"],
    concepts: ["us-gaap:LiabilitiesCurrent"],
  }),
  balance({
    key: "accounts_payable",
    name: "Accounts Payable",
    description: "Amounts owed to suppliers for goods and services received but not yet paid for.",
    unitKind: "currency",
    aliases: ["payables", "trade payables", "a/p", "ap", "accounts payable current"],
    related: ["cost_of_revenue", "current_liabilities", "accrued_liabilities"],
    concepts: ["us-gaap:AccountsPayableCurrent", "us-gaap:AccountsPayableTradeCurrent"],
  }),
  balance({
    key: "accrued_liabilities",
    name: "Accrued Liabilities",
    description: "Expenses incurred but not yet paid or invoiced, such as wages, taxes and interest.",
    unitKind: "currency",
    aliases: ["accrued expenses", "accruals", "accrued liabilities current"],
    related: ["accounts_payable", "current_liabilities"],
    concepts: ["us-gaap:AccruedLiabilitiesCurrent"],
  }),
  balance({
    key: "deferred_revenue_current",
    name: "Deferred Revenue (Current)",
    description: "Cash received from customers for goods or services still to be delivered within a year.",
    unitKind: "currency",
    aliases: ["deferred revenue", "unearned revenue", "contract liabilities"],
    related: ["revenue", "deferred_revenue_noncurrent", "current_liabilities"],
    concepts: ["us-gaap:ContractWithCustomerLiabilityCurrent", "us-gaap:DeferredRevenueCurrent"],
  }),
  balance({
    key: "deferred_revenue_noncurrent",
    name: "Deferred Revenue (Non-current)",
    description: "Customer prepayments for goods or services to be delivered more than a year out.",
    unitKind: "currency",
    aliases: ["long-term deferred revenue", "non-current deferred revenue", "long-term unearned revenue"],
    related: ["deferred_revenue_current", "revenue"],
    concepts: ["us-gaap:ContractWithCustomerLiabilityNoncurrent", "us-gaap:DeferredRevenueNoncurrent"],
  }),
  balance({
    key: "short_term_borrowings",
    name: "Short-term Borrowings",
    description: "Debt originally due within a year, such as commercial paper and bank lines.",
    unitKind: "currency",
    aliases: ["commercial paper", "short-term borrowings", "short-term loans"],
    related: ["debt_current", "long_term_debt_current", "cash"],
    // Commercial paper is often a company's only short-term borrowing, so it stands in when no total exists.
    concepts: ["us-gaap:ShortTermBorrowings", "us-gaap:CommercialPaper"],
  }),
  balance({
    key: "debt_current",
    name: "Total Current Debt",
    description: "All debt due within a year: short-term borrowings plus the current portion of long-term debt.",
    unitKind: "currency",
    aliases: ["short-term debt", "current debt", "debt due within one year"],
    related: ["short_term_borrowings", "long_term_debt_current", "long_term_debt_noncurrent", "current_liabilities"],
    concepts: ["us-gaap:DebtCurrent"],
  }),
  balance({
    key: "long_term_debt",
    name: "Long-term Debt (Total)",
    description: "Carrying amount of all long-term debt, including the portion that comes due within a year.",
    unitKind: "currency",
    aliases: ["long-term debt", "total long-term debt", "ltd", "bonds outstanding"],
    related: ["long_term_debt_current", "long_term_debt_noncurrent", "interest_expense", "stockholders_equity"],
    concepts: ["us-gaap:LongTermDebt", "us-gaap:LongTermDebtAndCapitalLeaseObligationsIncludingCurrentMaturities"],
  }),
  balance({
    key: "long_term_debt_current",
    name: "Long-term Debt, Current Portion",
    description: "Part of long-term debt scheduled to be repaid within the next twelve months.",
    unitKind: "currency",
    aliases: ["current portion of long-term debt", "current maturities of long-term debt", "term debt current"],
    related: ["long_term_debt", "long_term_debt_noncurrent", "debt_current"],
    concepts: ["us-gaap:LongTermDebtCurrent", "us-gaap:LongTermDebtAndCapitalLeaseObligationsCurrent"],
  }),
  balance({
    key: "long_term_debt_noncurrent",
    name: "Long-term Debt, Non-current",
    description: "Long-term debt due after the next twelve months, as shown among non-current liabilities.",
    unitKind: "currency",
    aliases: [
      "non-current long-term debt",
      "long-term debt net of current portion",
      "term debt non-current",
      "long-term debt noncurrent",
    ],
    related: ["long_term_debt", "long_term_debt_current", "total_liabilities"],
    concepts: ["us-gaap:LongTermDebtNoncurrent", "us-gaap:LongTermDebtAndCapitalLeaseObligations"],
  }),
  balance({
    key: "operating_lease_liabilities",
    name: "Operating Lease Liabilities",
    description: "Present value of remaining payments owed under operating leases, current and non-current combined.",
    unitKind: "currency",
    aliases: ["lease liabilities", "operating lease liability", "lease obligations"],
    related: ["operating_lease_rou_assets", "total_liabilities"],
    concepts: ["us-gaap:OperatingLeaseLiability"],
  }),
  balance({
    key: "other_liabilities_noncurrent",
    name: "Other Non-current Liabilities",
    description: "Long-term obligations not shown on a line of their own, such as long-term tax or pension items.",
    unitKind: "currency",
    aliases: ["other long-term liabilities", "other non-current liabilities", "other liabilities"],
    related: ["total_liabilities"],
    concepts: ["us-gaap:OtherLiabilitiesNoncurrent"],
  }),
  balance({
    key: "liabilities_and_equity",
    name: "Total Liabilities and Equity",
    description: "Sum of liabilities and shareholders' equity, which equals total assets.",
    unitKind: "currency",
    aliases: [
      "total liabilities and stockholders equity",
      "total liabilities and shareholders equity",
      "liabilities and equity",
    ],
    related: ["total_assets", "total_liabilities", "total_equity"],
    concepts: ["us-gaap:LiabilitiesAndStockholdersEquity"],
  }),
  balance({
    key: "stockholders_equity",
    name: "Stockholders' Equity",
    description:
      "Book value belonging to the parent's shareholders: assets minus liabilities, excluding minority interests.",
    unitKind: "currency",
    aliases: [
      "shareholders equity",
      "shareholders' equity",
      "stockholders equity",
      "book value",
      "equity",
      "net worth",
      "net assets",
    ],
    related: ["total_assets", "total_liabilities", "retained_earnings", "total_equity"],
    concepts: ["us-gaap:StockholdersEquity"],
  }),
  balance({
    key: "total_equity",
    name: "Total Equity (incl. Noncontrolling Interests)",
    description: "Shareholders' equity plus the equity that minority owners hold in consolidated subsidiaries.",
    unitKind: "currency",
    aliases: ["total equity", "equity including noncontrolling interests", "total shareholders equity including nci"],
    related: ["stockholders_equity", "noncontrolling_interest", "liabilities_and_equity"],
    concepts: ["us-gaap:StockholdersEquityIncludingPortionAttributableToNoncontrollingInterest"],
  }),
  balance({
    key: "noncontrolling_interest",
    name: "Noncontrolling Interests",
    description: "Equity in consolidated subsidiaries owned by parties other than the parent company.",
    unitKind: "currency",
    aliases: ["minority interest", "nci", "non-controlling interest", "minority interests"],
    related: ["total_equity", "stockholders_equity", "net_income_noncontrolling"],
    concepts: ["us-gaap:MinorityInterest"],
  }),
  balance({
    key: "retained_earnings",
    name: "Retained Earnings (Accumulated Deficit)",
    description:
      "Cumulative profits kept in the business after dividends; negative when losses or payouts exceed them.",
    unitKind: "currency",
    aliases: ["accumulated deficit", "retained profits", "earned surplus", "accumulated earnings"],
    related: ["net_income", "dividends_paid", "stockholders_equity"],
    concepts: ["us-gaap:RetainedEarningsAccumulatedDeficit"],
  }),
  balance({
    key: "accumulated_oci",
    name: "Accumulated Other Comprehensive Income",
    description: "Running total of other comprehensive income items held in equity until realized.",
    unitKind: "currency",
    aliases: ["aoci", "accumulated other comprehensive loss", "accumulated other comprehensive income (loss)"],
    related: ["other_comprehensive_income", "stockholders_equity"],
    concepts: ["us-gaap:AccumulatedOtherComprehensiveIncomeLossNetOfTax"],
  }),
  balance({
    key: "treasury_stock",
    name: "Treasury Stock",
    description:
      "Cost of the company's own shares bought back and held rather than retired, shown as a reduction of equity.",
    unitKind: "currency",
    aliases: ["treasury shares value", "treasury stock at cost", "shares held in treasury"],
    related: ["share_repurchases", "stockholders_equity", "shares_outstanding"],
    concepts: ["us-gaap:TreasuryStockValue", "us-gaap:TreasuryStockCommonValue"],
  }),
  balance({
    key: "shares_outstanding",
    name: "Shares Outstanding",
    description: "Number of common shares issued and held by investors at a given date, excluding treasury shares.",
    unitKind: "shares",
    aliases: ["share count", "common shares outstanding", "outstanding shares", "number of shares"],
    related: ["weighted_shares_basic", "weighted_shares_diluted", "public_float", "price_close"],
    // The balance sheet count first; the cover page count (a date after period end) fills gaps.
    concepts: ["us-gaap:CommonStockSharesOutstanding", "dei:EntityCommonStockSharesOutstanding"],
  }),
];

const COVER_METRICS: readonly MetricDefinition[] = [
  cover({
    key: "public_float",
    name: "Public Float",
    description: "Market value of shares held by non-affiliates, as stated on the 10-K cover page.",
    unitKind: "currency",
    aliases: ["float", "public float value", "non-affiliate market value", "aggregate market value"],
    related: ["shares_outstanding", "price_close"],
    concepts: ["dei:EntityPublicFloat"],
  }),
];

const CASH_FLOW_METRICS: readonly MetricDefinition[] = [
  cashFlow({
    key: "operating_cash_flow",
    name: "Cash Flow from Operations",
    description: "Net cash generated or consumed by the day-to-day business in the period.",
    unitKind: "currency",
    aliases: [
      "cfo",
      "ocf",
      "cash from operations",
      "operating cash flow",
      "cash flow from operating activities",
      "net cash from operating activities",
    ],
    related: ["net_income", "capex", "depreciation_amortization", "stock_based_compensation"],
    concepts: [
      "us-gaap:NetCashProvidedByUsedInOperatingActivities",
      "us-gaap:NetCashProvidedByUsedInOperatingActivitiesContinuingOperations",
    ],
  }),
  cashFlow({
    key: "investing_cash_flow",
    name: "Cash Flow from Investing",
    description: "Net cash spent on or received from investments, capital spending and acquisitions.",
    unitKind: "currency",
    aliases: [
      "cfi",
      "cash from investing",
      "investing cash flow",
      "cash flow from investing activities",
      "net cash used in investing activities",
    ],
    related: ["capex", "acquisitions", "operating_cash_flow"],
    concepts: [
      "us-gaap:NetCashProvidedByUsedInInvestingActivities",
      "us-gaap:NetCashProvidedByUsedInInvestingActivitiesContinuingOperations",
    ],
  }),
  cashFlow({
    key: "financing_cash_flow",
    name: "Cash Flow from Financing",
    description: "Net cash raised from or returned to lenders and shareholders, such as debt, dividends and buybacks.",
    unitKind: "currency",
    aliases: [
      "cff",
      "cash from financing",
      "financing cash flow",
      "cash flow from financing activities",
      "net cash used in financing activities",
    ],
    related: ["dividends_paid", "share_repurchases", "debt_issuance", "debt_repayment"],
    concepts: [
      "us-gaap:NetCashProvidedByUsedInFinancingActivities",
      "us-gaap:NetCashProvidedByUsedInFinancingActivitiesContinuingOperations",
    ],
  }),
  cashFlow({
    key: "net_change_in_cash",
    name: "Net Change in Cash",
    description: "Increase or decrease in cash and equivalents over the period, including exchange rate effects.",
    unitKind: "currency",
    aliases: ["change in cash", "net increase in cash", "net decrease in cash", "cash increase"],
    related: ["operating_cash_flow", "investing_cash_flow", "financing_cash_flow", "cash_and_restricted_cash"],
    // The restricted-cash total replaced the plain cash change when ASU 2016-18 took effect.
    concepts: [
      "us-gaap:CashCashEquivalentsRestrictedCashAndRestrictedCashEquivalentsPeriodIncreaseDecreaseIncludingExchangeRateEffect",
      "us-gaap:CashAndCashEquivalentsPeriodIncreaseDecrease",
    ],
  }),
  cashFlow({
    key: "capex",
    name: "Capital Expenditures",
    description: "Cash spent buying or building property, plant and equipment.",
    unitKind: "currency",
    aliases: [
      "capital expenditures",
      "capital expenditure",
      "capital spending",
      "purchases of property and equipment",
      "cap ex",
    ],
    related: ["operating_cash_flow", "ppe_net", "depreciation_amortization", "investing_cash_flow"],
    concepts: ["us-gaap:PaymentsToAcquirePropertyPlantAndEquipment", "us-gaap:PaymentsToAcquireProductiveAssets"],
  }),
  cashFlow({
    key: "acquisitions",
    name: "Acquisitions, Net of Cash Acquired",
    description: "Cash paid to buy other businesses, less the cash those businesses held.",
    unitKind: "currency",
    aliases: ["m&a spending", "business acquisitions", "acquisition spending", "cash paid for acquisitions"],
    related: ["goodwill", "intangible_assets", "investing_cash_flow"],
    concepts: ["us-gaap:PaymentsToAcquireBusinessesNetOfCashAcquired"],
  }),
  cashFlow({
    key: "depreciation_amortization",
    name: "Depreciation and Amortization",
    description: "Non-cash charge spreading the cost of physical and intangible assets over their useful lives.",
    unitKind: "currency",
    aliases: ["d&a", "depreciation", "depreciation & amortization", "depreciation and amortisation"],
    related: ["ppe_net", "capex", "amortization_of_intangibles", "operating_income", "operating_cash_flow"],
    concepts: [
      "us-gaap:DepreciationDepletionAndAmortization",
      "us-gaap:DepreciationAmortizationAndAccretionNet",
      "us-gaap:DepreciationAndAmortization",
    ],
  }),
  cashFlow({
    key: "amortization_of_intangibles",
    name: "Amortization of Intangible Assets",
    description: "Non-cash expense writing down acquired intangible assets over their useful lives.",
    unitKind: "currency",
    aliases: ["amortization", "intangible amortization", "amortization of acquired intangibles"],
    related: ["intangible_assets", "depreciation_amortization"],
    concepts: ["us-gaap:AmortizationOfIntangibleAssets"],
  }),
  cashFlow({
    key: "stock_based_compensation",
    name: "Stock-based Compensation",
    description:
      "Non-cash expense for equity awards such as stock options and restricted stock units granted to employees.",
    unitKind: "currency",
    aliases: ["sbc", "share-based compensation", "stock compensation", "equity compensation", "stock-based comp"],
    related: ["operating_cash_flow", "weighted_shares_diluted", "share_repurchases"],
    concepts: ["us-gaap:ShareBasedCompensation", "us-gaap:AllocatedShareBasedCompensationExpense"],
  }),
  cashFlow({
    key: "dividends_paid",
    name: "Dividends Paid",
    description: "Cash distributed to shareholders as dividends during the period.",
    unitKind: "currency",
    aliases: ["dividends", "cash dividends", "dividend payments", "payments of dividends"],
    related: ["dividends_per_share", "net_income", "financing_cash_flow", "share_repurchases"],
    concepts: ["us-gaap:PaymentsOfDividends", "us-gaap:PaymentsOfDividendsCommonStock"],
  }),
  cashFlow({
    key: "share_repurchases",
    name: "Share Repurchases",
    description: "Cash spent buying back the company's own common stock.",
    unitKind: "currency",
    aliases: ["buybacks", "stock buybacks", "share buybacks", "repurchases of common stock", "buyback"],
    related: ["dividends_paid", "treasury_stock", "shares_outstanding", "financing_cash_flow"],
    concepts: ["us-gaap:PaymentsForRepurchaseOfCommonStock"],
  }),
  cashFlow({
    key: "debt_issuance",
    name: "Proceeds from Long-term Debt",
    description: "Cash raised by issuing bonds, notes and other long-term borrowings.",
    unitKind: "currency",
    aliases: ["debt issued", "debt issuance", "new borrowings", "proceeds from borrowings", "bond issuance"],
    related: ["debt_repayment", "long_term_debt", "financing_cash_flow"],
    concepts: ["us-gaap:ProceedsFromIssuanceOfLongTermDebt"],
  }),
  cashFlow({
    key: "debt_repayment",
    name: "Repayments of Long-term Debt",
    description: "Cash used to repay or retire long-term borrowings.",
    unitKind: "currency",
    aliases: ["debt repaid", "debt repayments", "repayment of debt", "debt paydown"],
    related: ["debt_issuance", "long_term_debt", "financing_cash_flow"],
    concepts: ["us-gaap:RepaymentsOfLongTermDebt"],
  }),
  cashFlow({
    key: "interest_paid",
    name: "Interest Paid",
    description: "Cash actually paid for interest in the period, net of amounts capitalized.",
    unitKind: "currency",
    aliases: ["cash interest paid", "cash paid for interest", "interest payments"],
    related: ["interest_expense", "long_term_debt"],
    concepts: ["us-gaap:InterestPaidNet", "us-gaap:InterestPaid"],
  }),
  cashFlow({
    key: "income_taxes_paid",
    name: "Income Taxes Paid",
    description: "Cash actually paid to tax authorities for income taxes, net of refunds.",
    unitKind: "currency",
    aliases: ["cash taxes", "taxes paid", "cash paid for income taxes", "cash taxes paid"],
    related: ["income_tax", "deferred_income_tax"],
    concepts: ["us-gaap:IncomeTaxesPaidNet", "us-gaap:IncomeTaxesPaid"],
  }),
];

const MARKET_METRICS: readonly MetricDefinition[] = [
  market({
    key: "price_open",
    name: "Opening Price",
    description: "First traded price of the day, as traded (not adjusted for later splits or dividends).",
    unitKind: "per_share",
    aliases: ["open", "opening price", "open price"],
    related: ["price_close", "price_high", "price_low"],
  }),
  market({
    key: "price_high",
    name: "Daily High",
    description: "Highest traded price of the day, as traded.",
    unitKind: "per_share",
    aliases: ["high", "intraday high", "day high", "high price"],
    related: ["price_low", "price_open", "price_close"],
  }),
  market({
    key: "price_low",
    name: "Daily Low",
    description: "Lowest traded price of the day, as traded.",
    unitKind: "per_share",
    aliases: ["low", "intraday low", "day low", "low price"],
    related: ["price_high", "price_open", "price_close"],
  }),
  market({
    key: "price_close",
    name: "Closing Price",
    description: "Last traded price of the day as it was quoted then, without later split or dividend adjustments.",
    unitKind: "per_share",
    aliases: ["close", "closing price", "share price", "stock price", "price", "last price", "quote"],
    related: ["price_adj_close", "price_open", "volume", "shares_outstanding"],
  }),
  market({
    key: "price_adj_close",
    name: "Adjusted Closing Price",
    description: "Closing price restated for later splits and dividends so returns compare across time.",
    unitKind: "per_share",
    aliases: ["adjusted close", "adj close", "adjusted closing price", "adjusted price", "total return price"],
    related: ["price_close", "dividends_per_share"],
  }),
  market({
    key: "volume",
    name: "Trading Volume",
    description: "Number of shares traded during the day.",
    unitKind: "shares",
    aliases: ["trading volume", "shares traded", "daily volume", "vol"],
    related: ["price_close", "shares_outstanding"],
  }),
];

// ---- Derived metrics -------------------------------------------------------------------------------
// The everyday names of the ratios ("gross margin", "P/E", "ROE", "market cap", "free cash flow") are
// aliases here: the agent answers them with these derived keys.

const PROFITABILITY_METRICS: readonly MetricDefinition[] = [
  derived(
    "income",
    formula("gross_profit / revenue", ["gross_profit", "revenue"], {
      note: "Needs a reported gross profit: companies that present no gross profit line (banks, many service companies) have no gross margin.",
    }),
    {
      key: "gross_margin_ratio",
      name: "Gross Margin Ratio",
      description: "Share of revenue left after the direct cost of what was sold: gross profit divided by revenue.",
      unitKind: "ratio",
      aliases: [
        "gross margin",
        "gross profit margin",
        "gross profit ratio",
        "gross margin percentage",
        "gross margin percent",
      ],
      related: ["gross_profit", "revenue", "cost_of_revenue", "cost_of_revenue_ratio", "operating_margin_ratio"],
    },
  ),
  derived("income", formula("operating_income / revenue", ["operating_income", "revenue"]), {
    key: "operating_margin_ratio",
    name: "Operating Margin Ratio",
    description: "Share of revenue that remains as operating income after cost of revenue and operating expenses.",
    unitKind: "ratio",
    aliases: [
      "operating margin",
      "operating profit margin",
      "ebit margin",
      "operating income margin",
      "op margin",
      "operating margin percentage",
    ],
    related: ["operating_income", "revenue", "operating_expenses", "gross_margin_ratio", "net_margin_ratio"],
  }),
  derived("income", formula("net_income / revenue", ["net_income", "revenue"]), {
    key: "net_margin_ratio",
    name: "Net Margin Ratio",
    description: "Share of revenue that ends up as net income attributable to shareholders.",
    unitKind: "ratio",
    aliases: [
      "net margin",
      "profit margin",
      "net profit margin",
      "net profit margin ratio",
      "net income margin",
      "return on sales",
      "bottom line margin",
    ],
    related: ["net_income", "revenue", "operating_margin_ratio", "pretax_margin"],
  }),
  derived("income", formula("pretax_income / revenue", ["pretax_income", "revenue"]), {
    key: "pretax_margin",
    name: "Pretax Margin",
    description: "Share of revenue left as income before income taxes.",
    unitKind: "ratio",
    aliases: ["pre-tax margin", "pretax profit margin", "ebt margin", "profit before tax margin"],
    related: ["pretax_income", "revenue", "operating_margin_ratio", "net_margin_ratio", "effective_tax_rate"],
  }),
  derived(
    "income",
    formula("operating_income + depreciation_amortization", ["operating_income", "depreciation_amortization"], {
      note: "Operating income plus depreciation and amortization from the cash flow statement: EBITDA from operations, before non-operating items and before any company-specific adjustments.",
    }),
    {
      key: "operating_ebitda",
      name: "EBITDA (Operating Income + D&A)",
      description:
        "Earnings before interest, taxes, depreciation and amortization, built from operating income plus D&A.",
      unitKind: "currency",
      aliases: [
        "ebitda",
        "earnings before interest, taxes, depreciation and amortization",
        "operating ebitda",
        "ebitda from operations",
        "unadjusted ebitda",
      ],
      related: ["operating_income", "depreciation_amortization", "ebitda_margin", "ev_to_ebitda", "debt_to_ebitda"],
    },
  ),
  derived("income", formula("operating_ebitda / revenue", ["operating_ebitda", "revenue"]), {
    key: "ebitda_margin",
    name: "EBITDA Margin",
    description: "EBITDA (operating income plus D&A) as a share of revenue.",
    unitKind: "ratio",
    aliases: ["ebitda margin ratio", "ebitda to revenue", "ebitda to sales"],
    related: ["operating_ebitda", "revenue", "operating_margin_ratio", "depreciation_amortization"],
  }),
  derived(
    "income",
    formula(
      "operating_income * (1 - income_tax / pretax_income)",
      ["operating_income", "income_tax", "pretax_income"],
      {
        note: "Operating income taxed at the period's effective rate (income tax over pretax income). With pretax income at or below zero that rate means nothing: do not compute.",
      },
    ),
    {
      key: "net_operating_profit_after_tax",
      name: "Net Operating Profit After Tax (NOPAT)",
      description:
        "Operating income after the taxes it would bear on its own: the profit available to all capital providers.",
      unitKind: "currency",
      aliases: ["nopat", "net operating profit after taxes", "after-tax operating income"],
      related: [
        "operating_income",
        "income_tax",
        "pretax_income",
        "effective_tax_rate",
        "return_on_invested_capital",
        "economic_value_added",
      ],
    },
  ),
  derived("income", formula("cost_of_revenue / revenue", ["cost_of_revenue", "revenue"]), {
    key: "cost_of_revenue_ratio",
    name: "Cost of Revenue to Revenue",
    description: "Direct cost of what was sold as a share of revenue; one minus the gross margin.",
    unitKind: "ratio",
    aliases: ["cogs to revenue", "cogs ratio", "cost of sales ratio", "cogs/revenue", "cost of goods sold ratio"],
    related: ["cost_of_revenue", "revenue", "gross_margin_ratio"],
  }),
  derived("income", formula("research_and_development / revenue", ["research_and_development", "revenue"]), {
    key: "rd_to_revenue",
    name: "R&D to Revenue",
    description: "Research and development expense as a share of revenue.",
    unitKind: "ratio",
    aliases: ["r&d intensity", "r&d/revenue", "r&d to sales", "r&d as a percentage of revenue", "research intensity"],
    related: ["research_and_development", "revenue", "sga_to_revenue", "opex_to_revenue"],
  }),
  derived(
    "income",
    formula("selling_general_admin / revenue", ["selling_general_admin", "revenue"], {
      note: "Companies that split sales and marketing from G&A may report no SG&A total.",
    }),
    {
      key: "sga_to_revenue",
      name: "SG&A to Revenue",
      description: "Selling, general and administrative expense as a share of revenue.",
      unitKind: "ratio",
      aliases: ["sg&a/revenue", "sga to sales", "sg&a to sales", "sg&a ratio", "sg&a as a percentage of revenue"],
      related: ["selling_general_admin", "revenue", "rd_to_revenue", "opex_to_revenue"],
    },
  ),
  derived("income", formula("stock_based_compensation / revenue", ["stock_based_compensation", "revenue"]), {
    key: "sbc_to_revenue",
    name: "Stock-based Compensation to Revenue",
    description:
      "Stock-based compensation expense as a share of revenue: how much of the pay bill is settled in shares.",
    unitKind: "ratio",
    aliases: ["sbc to revenue", "sbc/revenue", "sbc as a percentage of revenue", "stock comp to revenue"],
    related: ["stock_based_compensation", "revenue", "fcf_after_sbc"],
  }),
  derived("income", formula("operating_expenses / revenue", ["operating_expenses", "revenue"]), {
    key: "opex_to_revenue",
    name: "Operating Expenses to Revenue",
    description: "Operating expenses below gross profit (R&D, SG&A and the like) as a share of revenue.",
    unitKind: "ratio",
    aliases: ["opex to revenue", "opex ratio", "operating expense ratio", "opex/revenue"],
    related: ["operating_expenses", "revenue", "rd_to_revenue", "sga_to_revenue", "operating_margin_ratio"],
  }),
  derived(
    "income",
    formula("income_taxes_paid / pretax_income", ["income_taxes_paid", "pretax_income"], {
      note: "Cash taxes paid in a period often relate to earlier periods' profits; not meaningful when pretax income is at or below zero.",
    }),
    {
      key: "cash_tax_rate",
      name: "Cash Tax Rate",
      description:
        "Income taxes actually paid in cash as a share of pretax income, next to the booked effective tax rate.",
      unitKind: "ratio",
      aliases: ["cash taxes to pretax income", "cash effective tax rate"],
      related: ["income_taxes_paid", "pretax_income", "effective_tax_rate", "income_tax"],
    },
  ),
];

const CASH_FLOW_DERIVED_METRICS: readonly MetricDefinition[] = [
  derived(
    "cash_flow",
    formula("operating_cash_flow - capex", ["operating_cash_flow", "capex"], {
      note: "Capital expenditures are filed as a positive payment, hence subtracted. Finance lease principal and capitalized software outside capex are not deducted.",
    }),
    {
      key: "free_cash_flow_ocf_capex",
      name: "Free Cash Flow (OCF - CapEx)",
      description:
        "Cash from operations left after capital expenditures: what the business generates beyond keeping and growing its asset base.",
      unitKind: "currency",
      aliases: [
        "free cash flow",
        "fcf",
        "free cash flow after capex",
        "cash flow after capex",
        "operating cash flow minus capex",
        "operating cash flow less capex",
      ],
      related: ["operating_cash_flow", "capex", "fcf_margin", "fcf_per_share", "fcf_yield", "fcf_after_sbc"],
    },
  ),
  derived("cash_flow", formula("free_cash_flow_ocf_capex / revenue", ["free_cash_flow_ocf_capex", "revenue"]), {
    key: "fcf_margin",
    name: "Free Cash Flow Margin",
    description: "Free cash flow (operating cash flow less capex) as a share of revenue.",
    unitKind: "ratio",
    aliases: ["fcf margin ratio", "free cash flow to revenue", "fcf to revenue"],
    related: ["free_cash_flow_ocf_capex", "revenue", "operating_cash_flow_margin", "net_margin_ratio"],
  }),
  derived("cash_flow", formula("operating_cash_flow / revenue", ["operating_cash_flow", "revenue"]), {
    key: "operating_cash_flow_margin",
    name: "Operating Cash Flow Margin",
    description: "Cash from operations as a share of revenue.",
    unitKind: "ratio",
    aliases: ["ocf margin", "cash flow margin", "cfo margin"],
    related: ["operating_cash_flow", "revenue", "fcf_margin", "net_margin_ratio"],
  }),
  derived(
    "cash_flow",
    formula("free_cash_flow_ocf_capex / weighted_shares_diluted", [
      "free_cash_flow_ocf_capex",
      "weighted_shares_diluted",
    ]),
    {
      key: "fcf_per_share",
      name: "Free Cash Flow per Share",
      description: "Free cash flow divided by the diluted weighted average share count of the period.",
      unitKind: "per_share",
      aliases: ["fcf/share", "fcfps", "free cash flow/share"],
      related: [
        "free_cash_flow_ocf_capex",
        "weighted_shares_diluted",
        "operating_cash_flow_per_share",
        "eps_diluted",
        "price_to_free_cash_flow",
      ],
    },
  ),
  derived(
    "cash_flow",
    formula("operating_cash_flow / weighted_shares_diluted", ["operating_cash_flow", "weighted_shares_diluted"]),
    {
      key: "operating_cash_flow_per_share",
      name: "Operating Cash Flow per Share",
      description: "Cash from operations divided by the diluted weighted average share count of the period.",
      unitKind: "per_share",
      aliases: ["cash flow per share", "cfps", "ocf per share"],
      related: ["operating_cash_flow", "weighted_shares_diluted", "fcf_per_share", "price_to_operating_cash_flow"],
    },
  ),
  derived(
    "cash_flow",
    formula("operating_cash_flow / net_income", ["operating_cash_flow", "net_income"], {
      note: "Not meaningful when net income is zero or negative.",
    }),
    {
      key: "cash_conversion_ratio",
      name: "Cash Conversion Ratio",
      description:
        "Operating cash flow per dollar of net income: above one, profits are backed by more cash than they report.",
      unitKind: "count",
      aliases: ["cash conversion", "quality of earnings", "earnings quality", "ocf to net income", "cfo to net income"],
      related: [
        "operating_cash_flow",
        "net_income",
        "fcf_conversion",
        "depreciation_amortization",
        "stock_based_compensation",
      ],
    },
  ),
  derived(
    "cash_flow",
    formula("free_cash_flow_ocf_capex / net_income", ["free_cash_flow_ocf_capex", "net_income"], {
      note: "Not meaningful when net income is zero or negative.",
    }),
    {
      key: "fcf_conversion",
      name: "Free Cash Flow Conversion",
      description: "Free cash flow as a share of net income: how much of reported profit turns into free cash.",
      unitKind: "ratio",
      aliases: ["fcf conversion rate", "free cash flow conversion rate", "fcf to net income"],
      related: ["free_cash_flow_ocf_capex", "net_income", "cash_conversion_ratio"],
    },
  ),
  derived(
    "cash_flow",
    formula("free_cash_flow_ocf_capex - stock_based_compensation", [
      "free_cash_flow_ocf_capex",
      "stock_based_compensation",
    ]),
    {
      key: "fcf_after_sbc",
      name: "Free Cash Flow after Stock-based Compensation",
      description: "Free cash flow less stock-based compensation, treating equity pay as if it had been paid in cash.",
      unitKind: "currency",
      aliases: ["fcf after sbc", "fcf less sbc", "sbc-adjusted free cash flow", "sbc adjusted fcf"],
      related: ["free_cash_flow_ocf_capex", "stock_based_compensation", "sbc_to_revenue"],
    },
  ),
  derived("cash_flow", formula("capex / revenue", ["capex", "revenue"]), {
    key: "capex_to_revenue",
    name: "Capex to Revenue",
    description: "Capital expenditures as a share of revenue: how capital-intensive the business is.",
    unitKind: "ratio",
    aliases: [
      "capex to sales",
      "capex/revenue",
      "capital intensity",
      "capex intensity",
      "capex as a percentage of revenue",
    ],
    related: ["capex", "revenue", "capex_to_operating_cash_flow", "capex_to_depreciation", "fixed_asset_turnover"],
  }),
  derived("cash_flow", formula("capex / operating_cash_flow", ["capex", "operating_cash_flow"]), {
    key: "capex_to_operating_cash_flow",
    name: "Capex to Operating Cash Flow",
    description: "Share of cash from operations that is reinvested in property, plant and equipment.",
    unitKind: "ratio",
    aliases: ["capex to ocf", "capex/ocf", "capex to cfo", "capex to operating cash flow ratio"],
    related: ["capex", "operating_cash_flow", "free_cash_flow_ocf_capex", "capex_to_revenue"],
  }),
  derived(
    "cash_flow",
    formula("capex / depreciation_amortization", ["capex", "depreciation_amortization"], {
      note: "D&A includes amortization of acquired intangibles, which no capex replaces: the ratio understates reinvestment for acquisitive companies.",
    }),
    {
      key: "capex_to_depreciation",
      name: "Capex to Depreciation",
      description:
        "Capital expenditures per dollar of depreciation and amortization: above one, the asset base is growing.",
      unitKind: "count",
      aliases: ["capex to d&a", "capex/depreciation", "capex/d&a", "capex to depreciation ratio"],
      related: ["capex", "depreciation_amortization", "ppe_net", "capex_to_revenue"],
    },
  ),
  derived("cash_flow", formula("dividends_paid + share_repurchases", ["dividends_paid", "share_repurchases"]), {
    key: "cash_returned_to_shareholders",
    name: "Cash Returned to Shareholders",
    description: "Dividends paid plus cash spent on share buybacks in the period.",
    unitKind: "currency",
    aliases: [
      "capital returned to shareholders",
      "dividends and buybacks",
      "buybacks and dividends",
      "shareholder distributions",
    ],
    related: ["dividends_paid", "share_repurchases", "total_payout_ratio", "shareholder_yield"],
  }),
  derived(
    "cash_flow",
    formula(
      "(dividends_paid + share_repurchases) / net_income",
      ["dividends_paid", "share_repurchases", "net_income"],
      {
        note: "Not meaningful when net income is zero or negative; buybacks are gross of shares issued to employees.",
      },
    ),
    {
      key: "total_payout_ratio",
      name: "Total Payout Ratio",
      description: "Dividends plus buybacks as a share of net income.",
      unitKind: "ratio",
      aliases: ["shareholder payout ratio", "total shareholder payout ratio", "buyback and dividend payout ratio"],
      related: [
        "dividends_paid",
        "share_repurchases",
        "net_income",
        "dividend_payout_ratio",
        "cash_returned_to_shareholders",
      ],
    },
  ),
];

// Price-based metrics are daily: a filed figure is the latest one reported on or before the day.
const VALUATION_METRICS: readonly MetricDefinition[] = [
  derived(
    "market",
    formula("price * shares_outstanding", ["price_close", "shares_outstanding"], {
      note: "Shares outstanding is the latest count reported on or before the day (balance sheet or filing cover page); the closing price is as traded.",
    }),
    {
      key: "market_cap_at_close",
      name: "Market Cap at Close",
      description: "Market value of the company's common equity: closing share price times shares outstanding.",
      unitKind: "currency",
      aliases: [
        "market cap",
        "market capitalization",
        "market capitalisation",
        "market value",
        "mkt cap",
        "marketcap",
        "mcap",
        "equity market value",
        "equity value",
      ],
      related: ["price_close", "shares_outstanding", "enterprise_value", "public_float", "price_to_book"],
    },
  ),
  derived(
    "market",
    formula("market_cap_at_close + gross_debt - cash", ["market_cap_at_close", "gross_debt", "cash"], {
      note: "Market cap plus total borrowings less cash and cash equivalents, with the latest balance sheet on or before the day. Marketable securities, leases, preferred stock and minority interests are not adjusted for.",
    }),
    {
      key: "enterprise_value",
      name: "Enterprise Value",
      description: "Value of the whole business to all its capital providers: market cap plus debt, less cash.",
      unitKind: "currency",
      aliases: ["tev", "total enterprise value", "firm value"],
      related: ["market_cap_at_close", "gross_debt", "cash", "net_debt_position", "ev_to_ebitda", "ev_to_sales"],
    },
  ),
  derived(
    "market",
    formula("price / ttm(eps_diluted)", ["price_close", "eps_diluted"], {
      note: "Trailing: diluted EPS summed over the last four fiscal quarters reported on or before the day. Not meaningful when that EPS is zero or negative. No forward P/E: FinGround holds no estimates.",
    }),
    {
      key: "pe_ratio_ttm",
      name: "P/E Ratio (TTM)",
      description:
        "Share price divided by the last twelve months' diluted earnings per share: what the market pays per dollar of earnings.",
      unitKind: "count",
      aliases: [
        "p/e",
        "pe",
        "p/e ratio",
        "pe ratio",
        "price to earnings",
        "price to earnings ratio",
        "price earnings ratio",
        "earnings multiple",
        "trailing p/e",
        "trailing pe",
        "ttm p/e",
        "ttm pe",
        "trailing pe ratio",
        "trailing p/e ratio",
        "price to trailing earnings",
      ],
      related: ["price_close", "eps_diluted", "eps_ttm", "earnings_yield", "peg_ratio", "price_to_sales"],
    },
  ),
  derived(
    "market",
    formula("ttm(eps_diluted) / price", ["eps_diluted", "price_close"], {
      note: "The inverse of the trailing P/E; unlike it, still readable when earnings are negative.",
    }),
    {
      key: "earnings_yield",
      name: "Earnings Yield",
      description: "Trailing twelve months' diluted EPS divided by the share price.",
      unitKind: "ratio",
      aliases: ["e/p", "earnings to price", "earnings price ratio"],
      related: ["eps_diluted", "price_close", "pe_ratio_ttm", "fcf_yield", "dividend_yield_ttm"],
    },
  ),
  derived(
    "market",
    formula(
      'pe_ratio_ttm / (100 * (ttm(eps_diluted) / prev(ttm(eps_diluted), "yoy") - 1))',
      ["pe_ratio_ttm", "eps_diluted"],
      {
        note: "Uses the historical growth of trailing EPS over the past year, in percent, not the forecast growth most quotes use: FinGround has no estimates. Not meaningful when that growth, or EPS a year earlier, is zero or negative.",
      },
    ),
    {
      key: "peg_ratio",
      name: "PEG Ratio (Trailing Growth)",
      description: "Trailing P/E divided by the past year's EPS growth rate in percent: a P/E adjusted for growth.",
      unitKind: "count",
      aliases: ["peg", "price/earnings to growth", "p/e to growth", "pe to growth", "trailing peg"],
      related: ["pe_ratio_ttm", "eps_diluted", "eps_growth_yoy", "eps_ttm"],
    },
  ),
  derived("market", formula("market_cap_at_close / ttm(revenue)", ["market_cap_at_close", "revenue"]), {
    key: "price_to_sales",
    name: "Price to Sales Ratio",
    description: "Market cap divided by the last twelve months' revenue.",
    unitKind: "count",
    aliases: ["p/s", "p/s ratio", "ps ratio", "price/sales", "price to sales", "price to revenue", "price/revenue"],
    related: ["market_cap_at_close", "revenue", "revenue_ttm", "ev_to_sales", "pe_ratio_ttm"],
  }),
  derived(
    "market",
    formula("market_cap_at_close / stockholders_equity", ["market_cap_at_close", "stockholders_equity"], {
      note: "Not meaningful when equity is negative, as it is for some companies after heavy buybacks.",
    }),
    {
      key: "price_to_book",
      name: "Price to Book Ratio",
      description: "Market cap divided by shareholders' equity: what the market pays per dollar of book value.",
      unitKind: "count",
      aliases: ["p/b", "p/b ratio", "pb ratio", "price/book", "price to book", "price to book value", "market to book"],
      related: [
        "market_cap_at_close",
        "stockholders_equity",
        "book_value_per_common_share",
        "price_to_tangible_book",
        "return_on_average_equity",
      ],
    },
  ),
  derived(
    "market",
    formula("market_cap_at_close / tangible_book_value", ["market_cap_at_close", "tangible_book_value"], {
      note: "Not meaningful when tangible book value is negative, as it is for many acquisitive companies.",
    }),
    {
      key: "price_to_tangible_book",
      name: "Price to Tangible Book Ratio",
      description: "Market cap divided by equity less goodwill and intangible assets.",
      unitKind: "count",
      aliases: ["p/tbv", "price to tangible book", "price to tangible book value", "price/tangible book"],
      related: ["market_cap_at_close", "tangible_book_value", "price_to_book", "tangible_book_value_per_share"],
    },
  ),
  derived(
    "market",
    formula(
      "market_cap_at_close / ttm(free_cash_flow_ocf_capex)",
      ["market_cap_at_close", "free_cash_flow_ocf_capex"],
      {
        note: "Not meaningful when trailing free cash flow is zero or negative.",
      },
    ),
    {
      key: "price_to_free_cash_flow",
      name: "Price to Free Cash Flow",
      description: "Market cap divided by the last twelve months' free cash flow.",
      unitKind: "count",
      aliases: ["p/fcf", "price to fcf", "price/fcf", "price to free cash flow ratio"],
      related: [
        "market_cap_at_close",
        "free_cash_flow_ocf_capex",
        "fcf_yield",
        "ev_to_fcf",
        "price_to_operating_cash_flow",
      ],
    },
  ),
  derived(
    "market",
    formula("market_cap_at_close / ttm(operating_cash_flow)", ["market_cap_at_close", "operating_cash_flow"]),
    {
      key: "price_to_operating_cash_flow",
      name: "Price to Operating Cash Flow",
      description: "Market cap divided by the last twelve months' cash from operations.",
      unitKind: "count",
      aliases: ["price to cash flow", "p/cf", "p/ocf", "price/cash flow", "pcf ratio"],
      related: [
        "market_cap_at_close",
        "operating_cash_flow",
        "price_to_free_cash_flow",
        "operating_cash_flow_per_share",
      ],
    },
  ),
  derived(
    "market",
    formula("enterprise_value / ttm(operating_ebitda)", ["enterprise_value", "operating_ebitda"], {
      note: "Not meaningful when trailing EBITDA is zero or negative.",
    }),
    {
      key: "ev_to_ebitda",
      name: "EV/EBITDA",
      description: "Enterprise value divided by the last twelve months' EBITDA (operating income plus D&A).",
      unitKind: "count",
      aliases: [
        "ebitda multiple",
        "enterprise value to ebitda",
        "enterprise multiple",
        "ev/ebitda multiple",
        "ev/ebitda ratio",
      ],
      related: ["enterprise_value", "operating_ebitda", "ev_to_ebit", "ev_to_sales", "debt_to_ebitda"],
    },
  ),
  derived("market", formula("enterprise_value / ttm(revenue)", ["enterprise_value", "revenue"]), {
    key: "ev_to_sales",
    name: "EV to Sales",
    description: "Enterprise value divided by the last twelve months' revenue.",
    unitKind: "count",
    aliases: [
      "ev to revenue",
      "enterprise value to sales",
      "enterprise value to revenue",
      "revenue multiple",
      "sales multiple",
    ],
    related: ["enterprise_value", "revenue", "price_to_sales", "ev_to_ebitda"],
  }),
  derived("market", formula("enterprise_value / ttm(operating_income)", ["enterprise_value", "operating_income"]), {
    key: "ev_to_ebit",
    name: "EV/EBIT",
    description: "Enterprise value divided by the last twelve months' operating income.",
    unitKind: "count",
    aliases: ["enterprise value to ebit", "ebit multiple", "ev to operating income"],
    related: ["enterprise_value", "operating_income", "ev_to_ebitda", "earnings_yield"],
  }),
  derived(
    "market",
    formula("enterprise_value / ttm(free_cash_flow_ocf_capex)", ["enterprise_value", "free_cash_flow_ocf_capex"]),
    {
      key: "ev_to_fcf",
      name: "EV/FCF",
      description: "Enterprise value divided by the last twelve months' free cash flow.",
      unitKind: "count",
      aliases: ["ev to free cash flow", "enterprise value to free cash flow"],
      related: ["enterprise_value", "free_cash_flow_ocf_capex", "price_to_free_cash_flow", "ev_to_ebitda"],
    },
  ),
  derived(
    "market",
    formula("ttm(dividends_per_share) / price", ["dividends_per_share", "price_close"], {
      note: "Trailing: dividends declared per share over the last four fiscal quarters, not the forward (indicated) yield quote pages often show.",
    }),
    {
      key: "dividend_yield_ttm",
      name: "Dividend Yield (TTM)",
      description: "The last twelve months' dividends per share divided by the share price.",
      unitKind: "ratio",
      aliases: ["dividend yield", "trailing dividend yield", "ttm dividend yield", "trailing yield"],
      related: [
        "dividends_per_share",
        "price_close",
        "dividends_per_share_ttm",
        "dividend_payout_ratio",
        "shareholder_yield",
      ],
    },
  ),
  derived(
    "market",
    formula("ttm(free_cash_flow_ocf_capex) / market_cap_at_close", ["free_cash_flow_ocf_capex", "market_cap_at_close"]),
    {
      key: "fcf_yield",
      name: "Free Cash Flow Yield",
      description: "The last twelve months' free cash flow divided by market cap.",
      unitKind: "ratio",
      aliases: ["fcf yield", "free cash flow to market cap"],
      related: ["free_cash_flow_ocf_capex", "market_cap_at_close", "price_to_free_cash_flow", "earnings_yield"],
    },
  ),
  derived(
    "market",
    formula("ttm(share_repurchases) / market_cap_at_close", ["share_repurchases", "market_cap_at_close"], {
      note: "Gross buybacks: shares issued to employees are not netted out.",
    }),
    {
      key: "buyback_yield",
      name: "Buyback Yield",
      description: "Cash spent on share buybacks over the last twelve months divided by market cap.",
      unitKind: "ratio",
      aliases: ["share buyback yield", "stock buyback yield", "repurchase yield"],
      related: ["share_repurchases", "market_cap_at_close", "shareholder_yield", "dividend_yield_ttm"],
    },
  ),
  derived(
    "market",
    formula(
      "(ttm(dividends_paid) + ttm(share_repurchases)) / market_cap_at_close",
      ["dividends_paid", "share_repurchases", "market_cap_at_close"],
      {
        note: "Dividends plus gross buybacks; the wider definition that also counts net debt paydown is not used.",
      },
    ),
    {
      key: "shareholder_yield",
      name: "Shareholder Yield",
      description: "Dividends paid plus buybacks over the last twelve months, divided by market cap.",
      unitKind: "ratio",
      aliases: ["total shareholder yield", "dividend and buyback yield", "cash return yield"],
      related: [
        "dividends_paid",
        "share_repurchases",
        "market_cap_at_close",
        "dividend_yield_ttm",
        "buyback_yield",
        "cash_returned_to_shareholders",
      ],
    },
  ),
];

const PER_SHARE_AND_TTM_METRICS: readonly MetricDefinition[] = [
  derived(
    "balance_sheet",
    formula("stockholders_equity / shares_outstanding", ["stockholders_equity", "shares_outstanding"], {
      note: "Preferred equity, if any, is not removed.",
    }),
    {
      key: "book_value_per_common_share",
      name: "Book Value per Common Share",
      description: "Shareholders' equity divided by the common shares outstanding at the same date.",
      unitKind: "per_share",
      aliases: ["book value per share", "bvps", "equity per share", "book value/share", "book per share"],
      related: ["stockholders_equity", "shares_outstanding", "price_to_book", "tangible_book_value_per_share"],
    },
  ),
  derived(
    "balance_sheet",
    formula("tangible_book_value / shares_outstanding", ["tangible_book_value", "shares_outstanding"]),
    {
      key: "tangible_book_value_per_share",
      name: "Tangible Book Value per Share",
      description: "Equity less goodwill and intangible assets, per common share outstanding.",
      unitKind: "per_share",
      aliases: ["tbvps", "tangible book per share", "tangible book value/share"],
      related: ["tangible_book_value", "shares_outstanding", "book_value_per_common_share", "price_to_tangible_book"],
    },
  ),
  derived("income", formula("revenue / weighted_shares_diluted", ["revenue", "weighted_shares_diluted"]), {
    key: "revenue_per_share",
    name: "Revenue per Share",
    description: "Revenue divided by the diluted weighted average share count of the period.",
    unitKind: "per_share",
    aliases: ["sales per share", "revenue/share"],
    related: ["revenue", "weighted_shares_diluted", "eps_diluted", "price_to_sales"],
  }),
  derived(
    "income",
    formula("ttm(eps_diluted)", ["eps_diluted"], {
      note: "The sum of the last four quarters' diluted EPS; it can differ slightly from trailing net income over the current share count.",
    }),
    {
      key: "eps_ttm",
      name: "Diluted EPS (TTM)",
      description: "Diluted earnings per share over the last twelve months, at each quarter end.",
      unitKind: "per_share",
      aliases: ["ttm eps", "trailing eps", "ltm eps", "trailing twelve months eps", "trailing 12 month eps"],
      related: ["eps_diluted", "pe_ratio_ttm", "net_income_ttm", "earnings_yield"],
    },
  ),
  derived("income", formula("ttm(revenue)", ["revenue"]), {
    key: "revenue_ttm",
    name: "Revenue (TTM)",
    description: "Revenue over the last twelve months, at each quarter end.",
    unitKind: "currency",
    aliases: [
      "ttm revenue",
      "trailing revenue",
      "ltm revenue",
      "ttm sales",
      "ltm sales",
      "trailing twelve months revenue",
      "trailing 12 month revenue",
    ],
    related: ["revenue", "price_to_sales", "ev_to_sales", "net_income_ttm"],
  }),
  derived("income", formula("ttm(net_income)", ["net_income"]), {
    key: "net_income_ttm",
    name: "Net Income (TTM)",
    description: "Net income over the last twelve months, at each quarter end.",
    unitKind: "currency",
    aliases: [
      "ttm net income",
      "trailing net income",
      "ltm net income",
      "ttm earnings",
      "trailing earnings",
      "ltm earnings",
    ],
    related: ["net_income", "eps_ttm", "revenue_ttm", "pe_ratio_ttm"],
  }),
  derived("income", formula("ttm(dividends_per_share)", ["dividends_per_share"]), {
    key: "dividends_per_share_ttm",
    name: "Dividends per Share (TTM)",
    description: "Dividends declared per share over the last twelve months, at each quarter end.",
    unitKind: "per_share",
    aliases: [
      "ttm dividend",
      "trailing dividend",
      "ttm dividends per share",
      "trailing dividends per share",
      "ttm dps",
    ],
    related: ["dividends_per_share", "dividend_yield_ttm", "dividend_payout_ratio"],
  }),
];

// Returns and turnover ratios relate a year's flow to the average of the opening and closing balance:
// annual, since a quarter's flow over a balance reads as a fraction of the yearly figure.
const RETURN_METRICS: readonly MetricDefinition[] = [
  derived(
    "income",
    formula("net_income / avg(stockholders_equity)", ["net_income", "stockholders_equity"], {
      averageBalances: ["stockholders_equity"],
      note: "FinGround's return on equity: net income over the average of opening and closing equity. Not meaningful when average equity is negative, as after heavy buybacks.",
    }),
    {
      key: "return_on_average_equity",
      name: "Return on Average Equity",
      description:
        "Net income for the year as a share of average shareholders' equity: the return earned on the owners' book capital.",
      unitKind: "ratio",
      frequency: "annual",
      aliases: [
        "roe",
        "return on equity",
        "roae",
        "return on avg equity",
        "return on average shareholders equity",
        "return on average common equity",
      ],
      related: [
        "net_income",
        "stockholders_equity",
        "return_on_average_assets",
        "equity_multiplier",
        "net_margin_ratio",
        "asset_turnover",
      ],
    },
  ),
  derived(
    "income",
    formula("net_income / avg(total_assets)", ["net_income", "total_assets"], {
      averageBalances: ["total_assets"],
    }),
    {
      key: "return_on_average_assets",
      name: "Return on Average Assets",
      description:
        "Net income for the year as a share of average total assets: how much profit the asset base produces.",
      unitKind: "ratio",
      frequency: "annual",
      aliases: ["roa", "return on assets", "roaa", "return on avg assets", "return on average total assets"],
      related: ["net_income", "total_assets", "return_on_average_equity", "asset_turnover", "net_margin_ratio"],
    },
  ),
  derived(
    "income",
    formula(
      "net_operating_profit_after_tax / avg(invested_capital)",
      ["net_operating_profit_after_tax", "invested_capital"],
      {
        averageBalances: ["invested_capital"],
        note: "NOPAT over average invested capital (debt plus equity less cash). Conventions differ between data providers, so published ROIC figures vary.",
      },
    ),
    {
      key: "return_on_invested_capital",
      name: "Return on Invested Capital",
      description: "After-tax operating profit as a share of the capital invested by lenders and shareholders.",
      unitKind: "ratio",
      frequency: "annual",
      aliases: ["roic", "return on capital", "return on invested capital ratio"],
      related: [
        "net_operating_profit_after_tax",
        "invested_capital",
        "return_on_capital_employed",
        "economic_value_added",
        "weighted_average_cost_of_capital",
      ],
    },
  ),
  derived(
    "income",
    formula("operating_income / avg(capital_employed)", ["operating_income", "capital_employed"], {
      averageBalances: ["capital_employed"],
    }),
    {
      key: "return_on_capital_employed",
      name: "Return on Capital Employed",
      description: "Operating income as a share of average capital employed (total assets less current liabilities).",
      unitKind: "ratio",
      frequency: "annual",
      aliases: ["roce"],
      related: ["operating_income", "capital_employed", "return_on_invested_capital", "return_on_average_assets"],
    },
  ),
  derived(
    "income",
    formula("operating_income / avg(net_working_capital)", ["operating_income", "net_working_capital"], {
      averageBalances: ["net_working_capital"],
      note: "Not meaningful when average working capital is zero or negative, which is common for companies paid before they pay their suppliers.",
    }),
    {
      key: "return_on_working_capital",
      name: "Return on Working Capital",
      description: "Operating income as a share of average net working capital.",
      unitKind: "ratio",
      frequency: "annual",
      aliases: ["rowc", "return on net working capital"],
      related: ["operating_income", "net_working_capital", "working_capital_turnover", "return_on_capital_employed"],
    },
  ),
  derived(
    "cash_flow",
    formula("operating_cash_flow / avg(ppe_net)", ["operating_cash_flow", "ppe_net"], {
      averageBalances: ["ppe_net"],
      note: "Fixed assets are net property, plant and equipment; operating lease right-of-use assets are not included.",
    }),
    {
      key: "cash_return_on_average_fixed_assets",
      name: "Cash Return on Average Fixed Assets",
      description: "Operating cash flow for the year as a share of average net property, plant and equipment.",
      unitKind: "ratio",
      frequency: "annual",
      aliases: ["croafa", "cash return on fixed assets", "ocf to average fixed assets", "cash return on average ppe"],
      related: ["operating_cash_flow", "ppe_net", "fixed_asset_turnover", "capex_to_depreciation"],
    },
  ),
  derived(
    "income",
    formula("return_on_average_equity * retention_ratio", ["return_on_average_equity", "retention_ratio"], {
      note: "How fast the company could grow from retained earnings alone, at a constant return on equity and payout.",
    }),
    {
      key: "sustainable_growth_rate",
      name: "Sustainable Growth Rate",
      description: "Return on average equity times the share of earnings retained after dividends.",
      unitKind: "ratio",
      frequency: "annual",
      aliases: ["sgr", "sustainable growth"],
      related: ["return_on_average_equity", "retention_ratio", "dividend_payout_ratio"],
    },
  ),
];

const BALANCE_DERIVED_METRICS: readonly MetricDefinition[] = [
  derived(
    "balance_sheet",
    formula("short_term_borrowings + long_term_debt", ["short_term_borrowings", "long_term_debt"], {
      note: "Long-term debt includes its current portion. A company without a short-term borrowings line has none: count it as zero when long-term debt is reported. Operating lease liabilities are excluded.",
    }),
    {
      key: "gross_debt",
      name: "Gross Debt",
      description:
        "All borrowings at the balance sheet date: short-term borrowings plus long-term debt including its current portion.",
      unitKind: "currency",
      aliases: ["total borrowings", "gross borrowings", "debt including short-term borrowings"],
      related: ["short_term_borrowings", "long_term_debt", "debt_current", "net_debt_position", "total_debt_to_equity"],
    },
  ),
  derived(
    "balance_sheet",
    formula("gross_debt - cash", ["gross_debt", "cash"], {
      note: "Borrowings less cash and cash equivalents; short-term investments are not subtracted. Negative means more cash than debt.",
    }),
    {
      key: "net_debt_position",
      name: "Net Debt Position",
      description: "Borrowings less cash and cash equivalents: negative for a company with more cash than debt.",
      unitKind: "currency",
      aliases: ["net debt", "net financial debt", "net cash position", "debt net of cash"],
      related: ["gross_debt", "cash", "marketable_securities_current", "enterprise_value", "net_debt_to_ebitda"],
    },
  ),
  derived("balance_sheet", formula("cash + marketable_securities_current", ["cash", "marketable_securities_current"]), {
    key: "cash_and_short_term_investments",
    name: "Cash and Short-term Investments",
    description: "Cash and cash equivalents plus marketable securities held as current assets.",
    unitKind: "currency",
    aliases: [
      "cash and investments",
      "cash and marketable securities",
      "cash and short term investments",
      "liquid assets",
    ],
    related: ["cash", "marketable_securities_current", "marketable_securities_noncurrent", "cash_ratio"],
  }),
  derived("balance_sheet", formula("current_assets - current_liabilities", ["current_assets", "current_liabilities"]), {
    key: "net_working_capital",
    name: "Net Working Capital",
    description: "Current assets less current liabilities: the short-term cushion funded by long-term capital.",
    unitKind: "currency",
    aliases: ["working capital", "nwc", "net current assets"],
    related: ["current_assets", "current_liabilities", "working_capital_ratio", "working_capital_turnover"],
  }),
  derived(
    "balance_sheet",
    formula("gross_debt + stockholders_equity - cash", ["gross_debt", "stockholders_equity", "cash"], {
      note: "Financing view: borrowings plus equity less cash. Leases and minority interests are left out.",
    }),
    {
      key: "invested_capital",
      name: "Invested Capital",
      description: "Capital supplied by lenders and shareholders and put to work in the business, net of idle cash.",
      unitKind: "currency",
      aliases: ["total invested capital", "capital invested"],
      related: ["gross_debt", "stockholders_equity", "cash", "return_on_invested_capital", "capital_employed"],
    },
  ),
  derived("balance_sheet", formula("total_assets - current_liabilities", ["total_assets", "current_liabilities"]), {
    key: "capital_employed",
    name: "Capital Employed",
    description: "Total assets less current liabilities: the long-term funding the business runs on.",
    unitKind: "currency",
    aliases: ["total capital employed"],
    related: ["total_assets", "current_liabilities", "return_on_capital_employed", "invested_capital"],
  }),
  derived(
    "balance_sheet",
    formula(
      "stockholders_equity - goodwill - intangible_assets",
      ["stockholders_equity", "goodwill", "intangible_assets"],
      {
        note: "A company without goodwill or intangible asset lines has none: count them as zero when equity is reported.",
      },
    ),
    {
      key: "tangible_book_value",
      name: "Tangible Book Value",
      description: "Shareholders' equity less goodwill and intangible assets.",
      unitKind: "currency",
      aliases: ["tangible equity", "tangible net worth", "tangible book"],
      related: [
        "stockholders_equity",
        "goodwill",
        "intangible_assets",
        "tangible_book_value_per_share",
        "price_to_tangible_book",
      ],
    },
  ),
  derived("balance_sheet", formula("goodwill / total_assets", ["goodwill", "total_assets"]), {
    key: "goodwill_to_assets",
    name: "Goodwill to Assets",
    description: "Goodwill as a share of total assets: how much of the balance sheet is acquisition premium.",
    unitKind: "ratio",
    aliases: ["goodwill/assets", "goodwill to total assets"],
    related: ["goodwill", "total_assets", "intangible_assets", "tangible_book_value"],
  }),
];

const LIQUIDITY_AND_SOLVENCY_METRICS: readonly MetricDefinition[] = [
  derived("balance_sheet", formula("current_assets / current_liabilities", ["current_assets", "current_liabilities"]), {
    key: "working_capital_ratio",
    // The name investors use (issue 16); the catalog's older name stays an alias.
    name: "Current Ratio",
    description:
      "Current assets divided by current liabilities (also called the working capital ratio): above one, short-term assets cover short-term obligations.",
    unitKind: "count",
    aliases: ["working capital ratio", "current assets to current liabilities", "liquidity ratio"],
    related: ["current_assets", "current_liabilities", "quick_ratio", "cash_ratio", "net_working_capital"],
  }),
  derived(
    "balance_sheet",
    formula(
      "(cash + marketable_securities_current + accounts_receivable) / current_liabilities",
      ["cash", "marketable_securities_current", "accounts_receivable", "current_liabilities"],
      {
        note: "A company without current marketable securities has none: count them as zero.",
      },
    ),
    {
      key: "quick_ratio",
      name: "Quick Ratio",
      description:
        "Cash, short-term investments and receivables divided by current liabilities: liquidity without selling inventory.",
      unitKind: "count",
      aliases: ["acid-test ratio", "acid test", "quick assets ratio"],
      related: [
        "cash",
        "marketable_securities_current",
        "accounts_receivable",
        "current_liabilities",
        "working_capital_ratio",
        "cash_ratio",
      ],
    },
  ),
  derived(
    "balance_sheet",
    formula("(cash + marketable_securities_current) / current_liabilities", [
      "cash",
      "marketable_securities_current",
      "current_liabilities",
    ]),
    {
      key: "cash_ratio",
      name: "Cash Ratio",
      description: "Cash and short-term investments divided by current liabilities: the strictest liquidity test.",
      unitKind: "count",
      aliases: ["cash to current liabilities", "absolute liquidity ratio"],
      related: [
        "cash",
        "marketable_securities_current",
        "current_liabilities",
        "quick_ratio",
        "cash_and_short_term_investments",
      ],
    },
  ),
  derived(
    "balance_sheet",
    formula("gross_debt / stockholders_equity", ["gross_debt", "stockholders_equity"], {
      note: "Not meaningful when equity is negative.",
    }),
    {
      key: "total_debt_to_equity",
      name: "Total Debt to Equity",
      description: "All borrowings divided by shareholders' equity.",
      unitKind: "count",
      aliases: [
        "debt to equity",
        "debt to equity ratio",
        "debt/equity",
        "d/e",
        "d/e ratio",
        "de ratio",
        "total debt/equity",
        "debt equity ratio",
        "gearing",
        "gearing ratio",
      ],
      related: ["gross_debt", "stockholders_equity", "debt_to_capital", "liabilities_to_equity", "equity_multiplier"],
    },
  ),
  derived("balance_sheet", formula("gross_debt / total_assets", ["gross_debt", "total_assets"]), {
    key: "debt_to_assets",
    name: "Debt to Assets",
    description: "All borrowings as a share of total assets.",
    unitKind: "ratio",
    aliases: ["debt/assets", "debt to total assets", "debt to asset ratio"],
    related: ["gross_debt", "total_assets", "liabilities_to_assets", "total_debt_to_equity"],
  }),
  derived(
    "balance_sheet",
    formula("gross_debt / (gross_debt + stockholders_equity)", ["gross_debt", "stockholders_equity"]),
    {
      key: "debt_to_capital",
      name: "Debt to Capital",
      description: "Borrowings as a share of borrowings plus shareholders' equity.",
      unitKind: "ratio",
      aliases: ["debt/capital", "debt to capitalization", "debt to total capital", "debt-to-capital ratio"],
      related: ["gross_debt", "stockholders_equity", "total_debt_to_equity", "invested_capital"],
    },
  ),
  derived(
    "balance_sheet",
    formula("total_liabilities / stockholders_equity", ["total_liabilities", "stockholders_equity"]),
    {
      key: "liabilities_to_equity",
      name: "Liabilities to Equity",
      description: "Total liabilities divided by shareholders' equity.",
      unitKind: "count",
      aliases: ["total liabilities to equity", "liabilities/equity"],
      related: ["total_liabilities", "stockholders_equity", "total_debt_to_equity", "equity_multiplier"],
    },
  ),
  derived("balance_sheet", formula("total_liabilities / total_assets", ["total_liabilities", "total_assets"]), {
    key: "liabilities_to_assets",
    name: "Liabilities to Assets",
    description: "Total liabilities as a share of total assets.",
    unitKind: "ratio",
    aliases: ["debt ratio", "total liabilities to total assets", "liabilities/assets"],
    related: ["total_liabilities", "total_assets", "debt_to_assets", "liabilities_to_equity"],
  }),
  derived("balance_sheet", formula("total_assets / stockholders_equity", ["total_assets", "stockholders_equity"]), {
    key: "equity_multiplier",
    name: "Equity Multiplier",
    description:
      "Total assets divided by shareholders' equity: the leverage factor in the DuPont breakdown of return on equity.",
    unitKind: "count",
    aliases: ["assets to equity", "financial leverage ratio"],
    related: ["total_assets", "stockholders_equity", "return_on_average_equity", "liabilities_to_equity"],
  }),
  derived(
    "balance_sheet",
    formula("gross_debt / ttm(operating_ebitda)", ["gross_debt", "operating_ebitda"], {
      note: "Not meaningful when trailing EBITDA is zero or negative.",
    }),
    {
      key: "debt_to_ebitda",
      name: "Debt to EBITDA",
      description: "Borrowings divided by the last twelve months' EBITDA: years of EBITDA needed to repay the debt.",
      unitKind: "count",
      aliases: ["debt/ebitda", "total debt to ebitda", "gross leverage", "gross leverage ratio"],
      related: ["gross_debt", "operating_ebitda", "net_debt_to_ebitda", "interest_coverage"],
    },
  ),
  derived(
    "balance_sheet",
    formula("net_debt_position / ttm(operating_ebitda)", ["net_debt_position", "operating_ebitda"], {
      note: "Negative when cash exceeds debt; not meaningful when trailing EBITDA is zero or negative.",
    }),
    {
      key: "net_debt_to_ebitda",
      name: "Net Debt to EBITDA",
      description: "Borrowings less cash, divided by the last twelve months' EBITDA.",
      unitKind: "count",
      aliases: ["net debt/ebitda", "net leverage", "net leverage ratio"],
      related: ["net_debt_position", "operating_ebitda", "debt_to_ebitda", "ev_to_ebitda"],
    },
  ),
  derived("income", formula("operating_income / interest_expense", ["operating_income", "interest_expense"]), {
    key: "interest_coverage",
    name: "Interest Coverage Ratio",
    description:
      "Operating income divided by interest expense: how many times operating profit covers the interest bill.",
    unitKind: "count",
    aliases: [
      "interest coverage",
      "times interest earned",
      "tie ratio",
      "ebit to interest",
      "ebit/interest",
      "ebit coverage",
    ],
    related: [
      "operating_income",
      "interest_expense",
      "ebitda_interest_coverage",
      "debt_service_coverage_ratio",
      "debt_to_ebitda",
    ],
  }),
  derived("income", formula("operating_ebitda / interest_expense", ["operating_ebitda", "interest_expense"]), {
    key: "ebitda_interest_coverage",
    name: "EBITDA Interest Coverage",
    description: "EBITDA divided by interest expense.",
    unitKind: "count",
    aliases: ["ebitda coverage", "ebitda to interest", "ebitda/interest"],
    related: ["operating_ebitda", "interest_expense", "interest_coverage"],
  }),
  derived(
    "cash_flow",
    formula(
      "operating_cash_flow / (interest_expense + long_term_debt_current)",
      ["operating_cash_flow", "interest_expense", "long_term_debt_current"],
      {
        note: "A corporate proxy: operating cash flow over the year's interest plus the long-term debt due within a year (the current portion at year end). Lenders' definitions vary, often using EBITDA or net operating income.",
      },
    ),
    {
      key: "debt_service_coverage_ratio",
      name: "Debt Service Coverage Ratio",
      description:
        "Operating cash flow divided by interest expense plus the debt principal coming due: can cash from operations service the debt?",
      unitKind: "count",
      frequency: "annual",
      aliases: ["dscr", "debt service coverage", "debt service ratio"],
      related: ["operating_cash_flow", "interest_expense", "long_term_debt_current", "interest_coverage"],
    },
  ),
];

const EFFICIENCY_METRICS: readonly MetricDefinition[] = [
  derived(
    "income",
    formula("revenue / avg(total_assets)", ["revenue", "total_assets"], { averageBalances: ["total_assets"] }),
    {
      key: "asset_turnover",
      name: "Asset Turnover",
      description: "Revenue for the year per dollar of average total assets.",
      unitKind: "count",
      frequency: "annual",
      aliases: ["total asset turnover", "asset turnover ratio", "asset utilization"],
      related: [
        "revenue",
        "total_assets",
        "fixed_asset_turnover",
        "return_on_average_assets",
        "return_on_average_equity",
      ],
    },
  ),
  derived("income", formula("revenue / avg(ppe_net)", ["revenue", "ppe_net"], { averageBalances: ["ppe_net"] }), {
    key: "fixed_asset_turnover",
    name: "Fixed Asset Turnover",
    description: "Revenue for the year per dollar of average net property, plant and equipment.",
    unitKind: "count",
    frequency: "annual",
    aliases: ["fixed assets turnover", "ppe turnover", "pp&e turnover", "fixed asset turnover ratio"],
    related: ["revenue", "ppe_net", "asset_turnover", "capex_to_revenue", "cash_return_on_average_fixed_assets"],
  }),
  derived(
    "income",
    formula("revenue / avg(net_working_capital)", ["revenue", "net_working_capital"], {
      averageBalances: ["net_working_capital"],
      note: "Not meaningful when average working capital is zero or negative.",
    }),
    {
      key: "working_capital_turnover",
      name: "Working Capital Turnover",
      description: "Revenue for the year per dollar of average net working capital.",
      unitKind: "count",
      frequency: "annual",
      aliases: ["nwc turnover", "working capital turnover ratio"],
      related: ["revenue", "net_working_capital", "return_on_working_capital", "asset_turnover"],
    },
  ),
  derived(
    "income",
    formula("cost_of_revenue / avg(inventory)", ["cost_of_revenue", "inventory"], { averageBalances: ["inventory"] }),
    {
      key: "inventory_turnover",
      name: "Inventory Turnover",
      description:
        "Cost of revenue for the year divided by average inventory: how many times inventory is sold and replaced.",
      unitKind: "count",
      frequency: "annual",
      aliases: ["inventory turns", "inventory turnover ratio"],
      related: ["cost_of_revenue", "inventory", "days_inventory_outstanding", "cash_conversion_cycle"],
    },
  ),
  derived(
    "income",
    formula("365 * avg(inventory) / cost_of_revenue", ["inventory", "cost_of_revenue"], {
      averageBalances: ["inventory"],
      note: "A 365-day year over annual cost of revenue.",
    }),
    {
      key: "days_inventory_outstanding",
      name: "Days Inventory Outstanding",
      description: "Average number of days inventory is held before it is sold.",
      unitKind: "count",
      frequency: "annual",
      aliases: ["dio", "dsi", "days inventory", "days in inventory", "days sales of inventory", "inventory days"],
      related: ["inventory", "cost_of_revenue", "inventory_turnover", "cash_conversion_cycle", "operating_cycle"],
    },
  ),
  derived(
    "income",
    formula("revenue / avg(accounts_receivable)", ["revenue", "accounts_receivable"], {
      averageBalances: ["accounts_receivable"],
    }),
    {
      key: "receivables_turnover",
      name: "Receivables Turnover",
      description:
        "Revenue for the year divided by average accounts receivable: how many times receivables are collected.",
      unitKind: "count",
      frequency: "annual",
      aliases: [
        "accounts receivable turnover",
        "receivable turnover",
        "ar turnover",
        "debtor turnover",
        "receivables turnover ratio",
      ],
      related: ["revenue", "accounts_receivable", "days_sales_outstanding"],
    },
  ),
  derived(
    "income",
    formula("365 * avg(accounts_receivable) / revenue", ["accounts_receivable", "revenue"], {
      averageBalances: ["accounts_receivable"],
      note: "A 365-day year over annual revenue, cash sales included, which shortens it for retailers.",
    }),
    {
      key: "days_sales_outstanding",
      name: "Days Sales Outstanding",
      description: "Average number of days it takes to collect payment after a sale.",
      unitKind: "count",
      frequency: "annual",
      aliases: [
        "dso",
        "days receivables",
        "receivable days",
        "debtor days",
        "collection period",
        "average collection period",
      ],
      related: ["accounts_receivable", "revenue", "receivables_turnover", "cash_conversion_cycle", "operating_cycle"],
    },
  ),
  derived(
    "income",
    formula("cost_of_revenue / avg(accounts_payable)", ["cost_of_revenue", "accounts_payable"], {
      averageBalances: ["accounts_payable"],
    }),
    {
      key: "payables_turnover",
      name: "Payables Turnover",
      description:
        "Cost of revenue for the year divided by average accounts payable: how many times suppliers are paid.",
      unitKind: "count",
      frequency: "annual",
      aliases: ["accounts payable turnover", "payable turnover", "ap turnover", "creditor turnover"],
      related: ["cost_of_revenue", "accounts_payable", "days_payables_outstanding"],
    },
  ),
  derived(
    "income",
    formula("365 * avg(accounts_payable) / cost_of_revenue", ["accounts_payable", "cost_of_revenue"], {
      averageBalances: ["accounts_payable"],
      note: "A 365-day year over annual cost of revenue; payables also include suppliers of operating expenses, which lengthens it.",
    }),
    {
      key: "days_payables_outstanding",
      name: "Days Payables Outstanding",
      description: "Average number of days the company takes to pay its suppliers.",
      unitKind: "count",
      frequency: "annual",
      aliases: ["dpo", "days payable outstanding", "days payable", "payable days", "creditor days"],
      related: ["accounts_payable", "cost_of_revenue", "payables_turnover", "cash_conversion_cycle"],
    },
  ),
  derived(
    "income",
    formula(
      "days_inventory_outstanding + days_sales_outstanding - days_payables_outstanding",
      ["days_inventory_outstanding", "days_sales_outstanding", "days_payables_outstanding"],
      {
        note: "Needs inventory: for companies that hold none, it is DSO minus DPO.",
      },
    ),
    {
      key: "cash_conversion_cycle",
      name: "Cash Conversion Cycle",
      description:
        "Days from paying suppliers to collecting from customers: inventory days plus receivable days less payable days.",
      unitKind: "count",
      frequency: "annual",
      aliases: ["ccc", "cash cycle", "cash conversion period", "net operating cycle"],
      related: [
        "days_inventory_outstanding",
        "days_sales_outstanding",
        "days_payables_outstanding",
        "operating_cycle",
        "net_working_capital",
      ],
    },
  ),
  derived(
    "income",
    formula("days_inventory_outstanding + days_sales_outstanding", [
      "days_inventory_outstanding",
      "days_sales_outstanding",
    ]),
    {
      key: "operating_cycle",
      name: "Operating Cycle",
      description: "Days from buying inventory to collecting cash from its sale: inventory days plus receivable days.",
      unitKind: "count",
      frequency: "annual",
      aliases: ["operating cycle days", "inventory to cash cycle"],
      related: ["days_inventory_outstanding", "days_sales_outstanding", "cash_conversion_cycle"],
    },
  ),
];

const DIVIDEND_METRICS: readonly MetricDefinition[] = [
  derived(
    "income",
    formula("dividends_per_share / eps_diluted", ["dividends_per_share", "eps_diluted"], {
      note: "Dividends declared per share over diluted EPS of the same period; a company that declares no dividend pays out zero. Not meaningful when EPS is zero or negative.",
    }),
    {
      key: "dividend_payout_ratio",
      name: "Dividend Payout Ratio",
      description: "Share of earnings paid out as dividends.",
      unitKind: "ratio",
      aliases: ["payout ratio", "dividend payout", "earnings payout ratio", "dividends to earnings"],
      related: [
        "dividends_per_share",
        "eps_diluted",
        "retention_ratio",
        "dividend_coverage",
        "total_payout_ratio",
        "dividend_yield_ttm",
      ],
    },
  ),
  derived("income", formula("eps_diluted / dividends_per_share", ["eps_diluted", "dividends_per_share"]), {
    key: "dividend_coverage",
    name: "Dividend Coverage Ratio",
    description: "Diluted EPS divided by dividends per share: how many times earnings cover the dividend.",
    unitKind: "count",
    aliases: ["dividend coverage", "dividend cover"],
    related: ["eps_diluted", "dividends_per_share", "dividend_payout_ratio"],
  }),
  derived(
    "income",
    formula("1 - dividend_payout_ratio", ["dividend_payout_ratio"], {
      note: "A company that declares no dividend retains all of its earnings.",
    }),
    {
      key: "retention_ratio",
      name: "Retention Ratio",
      description: "Share of earnings kept in the business rather than paid out as dividends.",
      unitKind: "ratio",
      aliases: ["plowback ratio", "earnings retention ratio", "retention rate"],
      related: ["dividend_payout_ratio", "sustainable_growth_rate", "retained_earnings"],
    },
  ),
];

// Growth compares a period with the same fiscal period a year earlier (or the quarter before):
// not meaningful when the earlier value is zero or negative.
const growth = (of: string) =>
  formula(`${of} / prev(${of}, "yoy") - 1`, [of], {
    note: "Against the same fiscal period a year earlier; not meaningful when that earlier value is zero or negative.",
  });

const GROWTH_METRICS: readonly MetricDefinition[] = [
  derived("income", growth("revenue"), {
    key: "revenue_growth_yoy",
    name: "Revenue Growth (YoY)",
    description: "Change in revenue against the same fiscal period a year earlier.",
    unitKind: "ratio",
    aliases: [
      "yoy revenue growth",
      "revenue growth rate",
      "year over year revenue growth",
      "annual revenue growth rate",
      "sales growth rate",
    ],
    related: ["revenue", "revenue_growth_qoq", "revenue_cagr_3y", "gross_profit_growth_yoy", "operating_leverage"],
  }),
  derived(
    "income",
    formula('revenue / prev(revenue, "qoq") - 1', ["revenue"], {
      note: "Against the previous fiscal quarter, so seasonality shows; a fourth quarter is only known when it was filed on its own.",
    }),
    {
      key: "revenue_growth_qoq",
      name: "Revenue Growth (QoQ)",
      description: "Change in quarterly revenue against the previous quarter.",
      unitKind: "ratio",
      aliases: ["qoq revenue growth", "sequential revenue growth", "quarter over quarter revenue growth"],
      related: ["revenue", "revenue_growth_yoy"],
    },
  ),
  derived("income", growth("gross_profit"), {
    key: "gross_profit_growth_yoy",
    name: "Gross Profit Growth (YoY)",
    description: "Change in gross profit against the same fiscal period a year earlier.",
    unitKind: "ratio",
    aliases: ["yoy gross profit growth", "gross profit growth rate"],
    related: ["gross_profit", "revenue_growth_yoy", "gross_margin_ratio"],
  }),
  derived("income", growth("operating_income"), {
    key: "operating_income_growth_yoy",
    name: "Operating Income Growth (YoY)",
    description: "Change in operating income against the same fiscal period a year earlier.",
    unitKind: "ratio",
    aliases: ["yoy operating income growth", "operating income growth rate", "operating profit growth rate"],
    related: ["operating_income", "revenue_growth_yoy", "operating_leverage", "operating_margin_ratio"],
  }),
  derived("income", growth("net_income"), {
    key: "net_income_growth_yoy",
    name: "Net Income Growth (YoY)",
    description: "Change in net income against the same fiscal period a year earlier.",
    unitKind: "ratio",
    aliases: ["yoy net income growth", "net income growth rate", "earnings growth rate", "profit growth rate"],
    related: ["net_income", "eps_growth_yoy", "revenue_growth_yoy"],
  }),
  derived("income", growth("eps_diluted"), {
    key: "eps_growth_yoy",
    name: "EPS Growth (YoY)",
    description: "Change in diluted EPS against the same fiscal period a year earlier.",
    unitKind: "ratio",
    aliases: ["yoy eps growth", "eps growth rate", "earnings per share growth rate"],
    related: ["eps_diluted", "net_income_growth_yoy", "peg_ratio", "eps_cagr_5y"],
  }),
  derived("cash_flow", growth("free_cash_flow_ocf_capex"), {
    key: "fcf_growth_yoy",
    name: "Free Cash Flow Growth (YoY)",
    description: "Change in free cash flow against the same fiscal period a year earlier.",
    unitKind: "ratio",
    aliases: ["yoy fcf growth", "fcf growth rate", "free cash flow growth rate"],
    related: ["free_cash_flow_ocf_capex", "operating_cash_flow", "capex"],
  }),
  derived("income", growth("dividends_per_share"), {
    key: "dividend_growth_yoy",
    name: "Dividend Growth (YoY)",
    description: "Change in dividends per share against the same fiscal period a year earlier.",
    unitKind: "ratio",
    aliases: ["dividend growth rate", "yoy dividend growth", "dps growth rate"],
    related: ["dividends_per_share", "dividends_per_share_ttm", "dividend_payout_ratio"],
  }),
  derived("balance_sheet", growth("shares_outstanding"), {
    key: "share_count_growth_yoy",
    name: "Share Count Change (YoY)",
    description:
      "Change in shares outstanding against a year earlier: positive is dilution, negative means buybacks shrank the count.",
    unitKind: "ratio",
    aliases: ["dilution", "share dilution", "share count growth rate", "net dilution"],
    related: ["shares_outstanding", "share_repurchases", "stock_based_compensation", "buyback_yield"],
  }),
  derived(
    "income",
    formula('pow(revenue / prev(revenue, "3y"), 1 / 3) - 1', ["revenue"], {
      note: "Compound annual growth from fiscal year N-3 to N. Not meaningful when the starting revenue is zero or negative.",
    }),
    {
      key: "revenue_cagr_3y",
      name: "Revenue CAGR (3 Years)",
      description: "Compound annual growth rate of revenue over the last three fiscal years.",
      unitKind: "ratio",
      frequency: "annual",
      aliases: ["3 year revenue cagr", "three year revenue cagr", "3y revenue cagr", "3-year revenue growth rate"],
      related: ["revenue", "revenue_cagr_5y", "revenue_growth_yoy"],
    },
  ),
  derived(
    "income",
    formula('pow(revenue / prev(revenue, "5y"), 1 / 5) - 1', ["revenue"], {
      note: "Compound annual growth from fiscal year N-5 to N. Not meaningful when the starting revenue is zero or negative.",
    }),
    {
      key: "revenue_cagr_5y",
      name: "Revenue CAGR (5 Years)",
      description: "Compound annual growth rate of revenue over the last five fiscal years.",
      unitKind: "ratio",
      frequency: "annual",
      aliases: ["5 year revenue cagr", "five year revenue cagr", "5y revenue cagr", "5-year revenue growth rate"],
      related: ["revenue", "revenue_cagr_3y", "revenue_growth_yoy"],
    },
  ),
  derived(
    "income",
    formula('pow(eps_diluted / prev(eps_diluted, "5y"), 1 / 5) - 1', ["eps_diluted"], {
      note: "Compound annual growth of diluted EPS from fiscal year N-5 to N. Not meaningful when either EPS is zero or negative.",
    }),
    {
      key: "eps_cagr_5y",
      name: "EPS CAGR (5 Years)",
      description: "Compound annual growth rate of diluted EPS over the last five fiscal years.",
      unitKind: "ratio",
      frequency: "annual",
      aliases: ["5 year eps cagr", "five year eps cagr", "5y eps cagr"],
      related: ["eps_diluted", "eps_growth_yoy", "revenue_cagr_5y"],
    },
  ),
  derived(
    "income",
    formula(
      '(operating_income / prev(operating_income, "yoy") - 1) / (revenue / prev(revenue, "yoy") - 1)',
      ["operating_income", "revenue"],
      {
        note: "Year-over-year change in operating income per unit of change in revenue; unstable when revenue barely moves and not meaningful when either earlier value is zero or negative.",
      },
    ),
    {
      key: "operating_leverage",
      name: "Degree of Operating Leverage",
      description: "How strongly operating income responds to revenue: its growth rate divided by revenue's.",
      unitKind: "count",
      aliases: ["operating leverage", "dol", "degree of operating leverage ratio"],
      related: [
        "operating_income",
        "revenue",
        "operating_income_growth_yoy",
        "revenue_growth_yoy",
        "operating_margin_ratio",
      ],
    },
  ),
];

// Price statistics over trading-day windows. A window that holds a stock split needs split-adjusted
// prices throughout, as the Data Module already reads them for ranges (lib/data/prices.ts).
const PRICE_STATISTICS_METRICS: readonly MetricDefinition[] = [
  derived(
    "market",
    formula('price_adj_close / prev(price_adj_close, "1d") - 1', ["price_adj_close"], {
      note: "From adjusted closes, so dividends and splits do not show as price moves.",
    }),
    {
      key: "daily_return",
      name: "Daily Return",
      description: "Total return from one trading day's close to the next, dividends included.",
      unitKind: "ratio",
      aliases: ["daily total return", "one day return", "1 day return", "day return"],
      related: ["price_adj_close", "daily_price_change", "volatility_annualized", "total_return_1y"],
    },
  ),
  derived(
    "market",
    formula('price_close / prev(price_close, "1d") - 1', ["price_close"], {
      note: "Close against the previous trading day's close, as traded; a change over a longer range is read from the closing prices themselves.",
    }),
    {
      key: "daily_price_change",
      name: "Daily Price Change",
      description: "Percentage change of the closing price from the previous trading day's close.",
      unitKind: "ratio",
      aliases: [
        "daily change",
        "day change",
        "change from previous close",
        "daily percent change",
        "percent change on the day",
      ],
      related: ["price_close", "daily_return", "price_open"],
    },
  ),
  derived(
    "market",
    formula('price_adj_close / prev(price_adj_close, "252d") - 1', ["price_adj_close"], {
      note: "Over the last 252 trading days (about a year), from adjusted closes, so dividends count.",
    }),
    {
      key: "total_return_1y",
      name: "1-Year Total Return",
      description: "Total return over the past year, share price change plus dividends.",
      unitKind: "ratio",
      aliases: [
        "1 year return",
        "one year return",
        "12 month return",
        "52 week return",
        "trailing 1 year return",
        "1y return",
      ],
      related: ["price_adj_close", "daily_return", "high_52w", "low_52w", "dividend_yield_ttm"],
    },
  ),
  derived("market", formula('max(price_high, "252d")', ["price_high"]), {
    key: "high_52w",
    name: "52-Week High",
    description: "Highest traded price over the last 52 weeks (252 trading days).",
    unitKind: "per_share",
    aliases: ["52wk high", "52w high", "fifty two week high", "1 year high", "one year high", "12 month high"],
    related: ["price_high", "low_52w", "distance_from_52w_high", "price_close"],
  }),
  derived("market", formula('min(price_low, "252d")', ["price_low"]), {
    key: "low_52w",
    name: "52-Week Low",
    description: "Lowest traded price over the last 52 weeks (252 trading days).",
    unitKind: "per_share",
    aliases: ["52wk low", "52w low", "fifty two week low", "1 year low", "one year low", "12 month low"],
    related: ["price_low", "high_52w", "price_close"],
  }),
  derived("market", formula("price / high_52w - 1", ["price_close", "high_52w"]), {
    key: "distance_from_52w_high",
    name: "Distance from 52-Week High",
    description: "How far the closing price stands below the highest price of the last 52 weeks.",
    unitKind: "ratio",
    aliases: [
      "drawdown",
      "drawdown from 52 week high",
      "off 52 week high",
      "percent below 52 week high",
      "off the highs",
    ],
    related: ["price_close", "high_52w", "low_52w", "total_return_1y"],
  }),
  derived(
    "market",
    formula('stdev(daily_return, "252d") * sqrt(252)', ["daily_return"], {
      note: "Sample standard deviation of the last 252 daily returns, scaled to a year by the square root of 252. Historical, not implied volatility.",
    }),
    {
      key: "volatility_annualized",
      name: "Annualized Volatility",
      description: "How much the stock's daily returns swing, expressed per year: the usual measure of price risk.",
      unitKind: "ratio",
      aliases: [
        "volatility",
        "historical volatility",
        "realized volatility",
        "stock volatility",
        "price volatility",
        "annualised volatility",
      ],
      related: ["daily_return", "price_adj_close", "beta", "implied_volatility"],
    },
  ),
  derived(
    "market",
    formula('mean(volume, "63d")', ["volume"], {
      note: "Mean daily volume over the last 63 trading days (about three months).",
    }),
    {
      key: "average_volume_3m",
      name: "Average Daily Volume (3 Months)",
      description: "Average number of shares traded per day over the last three months.",
      unitKind: "shares",
      aliases: [
        "average volume",
        "avg volume",
        "average daily volume",
        "average trading volume",
        "adv",
        "3 month average volume",
      ],
      related: ["volume", "dollar_volume", "share_turnover"],
    },
  ),
  derived("market", formula("price * volume", ["price_close", "volume"]), {
    key: "dollar_volume",
    name: "Dollar Volume",
    description: "Value of the shares traded in the day: closing price times volume.",
    unitKind: "currency",
    aliases: ["traded value", "value traded", "trading value"],
    related: ["price_close", "volume", "average_volume_3m"],
  }),
  derived(
    "market",
    formula("volume / shares_outstanding", ["volume", "shares_outstanding"], {
      note: "Shares outstanding is the latest count reported on or before the day.",
    }),
    {
      key: "share_turnover",
      name: "Share Turnover",
      description: "Shares traded in the day as a share of all shares outstanding.",
      unitKind: "ratio",
      aliases: ["daily share turnover", "volume to shares outstanding"],
      related: ["volume", "shares_outstanding", "average_volume_3m"],
    },
  ),
  derived("market", formula('mean(price_close, "50d")', ["price_close"]), {
    key: "sma_50",
    name: "50-Day Moving Average",
    description: "Average closing price over the last 50 trading days.",
    unitKind: "per_share",
    aliases: ["50 dma", "50-day sma", "50 day average", "fifty day moving average", "50 day simple moving average"],
    related: ["price_close", "sma_200"],
  }),
  derived("market", formula('mean(price_close, "200d")', ["price_close"]), {
    key: "sma_200",
    name: "200-Day Moving Average",
    description: "Average closing price over the last 200 trading days.",
    unitKind: "per_share",
    aliases: [
      "200 dma",
      "200-day sma",
      "200 day average",
      "two hundred day moving average",
      "200 day simple moving average",
    ],
    related: ["price_close", "sma_50"],
  }),
];

// ---- Unavailable metrics ----------------------------------------------------------------------------
// Asked for often, but not computable from SEC filings and daily prices. Listed so the agent recognizes
// them and the answer can say why instead of guessing.

const NO_ORDER_BOOK =
  "FinGround stores one open, high, low, close and volume per trading day; order book quotes (bids, asks and their sizes) are not in its data.";

const UNAVAILABLE_METRICS: readonly MetricDefinition[] = [
  unavailable("market", NO_ORDER_BOOK, {
    key: "bid_price",
    name: "Bid Price",
    description: "Highest price a buyer currently offers for the stock.",
    unitKind: "per_share",
    aliases: ["current bid", "bid quote"],
    related: ["ask_price", "bid_ask_spread", "price_close"],
  }),
  unavailable("market", NO_ORDER_BOOK, {
    key: "ask_price",
    name: "Ask Price",
    description: "Lowest price a seller currently asks for the stock.",
    unitKind: "per_share",
    aliases: ["offer price", "asking price", "current ask", "ask quote"],
    related: ["bid_price", "bid_ask_spread", "price_close"],
  }),
  unavailable("market", NO_ORDER_BOOK, {
    key: "bid_size",
    name: "Bid Size",
    description: "Number of shares buyers want at the current bid price.",
    unitKind: "shares",
    aliases: ["size on the bid", "bid quantity"],
    related: ["bid_price", "ask_size", "volume"],
  }),
  unavailable("market", NO_ORDER_BOOK, {
    key: "ask_size",
    name: "Ask Size",
    description: "Number of shares offered for sale at the current ask price.",
    unitKind: "shares",
    aliases: ["offer size", "size on the ask", "ask quantity"],
    related: ["ask_price", "bid_size", "volume"],
  }),
  unavailable("market", NO_ORDER_BOOK, {
    key: "bid_ask_spread",
    name: "Bid-Ask Spread",
    description: "Gap between the lowest ask and the highest bid: a measure of trading cost and liquidity.",
    unitKind: "per_share",
    aliases: ["quoted spread", "bid-offer spread", "spread between bid and ask"],
    related: ["bid_price", "ask_price", "average_volume_3m"],
  }),
  unavailable(
    "market",
    "Beta needs the returns of a market index such as the S&P 500 to measure the stock against; FinGround stores prices of its covered companies only, not index levels.",
    {
      key: "beta",
      name: "Beta (vs S&P 500)",
      description: "Sensitivity of the stock's returns to the market's: 1 moves with the market, above 1 amplifies it.",
      unitKind: "count",
      aliases: ["stock beta", "market beta", "beta vs s&p 500", "beta coefficient", "equity beta"],
      related: ["volatility_annualized", "daily_return", "weighted_average_cost_of_capital"],
    },
  ),
  unavailable("market", "Short interest is published by exchanges twice a month and is not in FinGround's data.", {
    key: "short_interest",
    name: "Short Interest",
    description: "Number of shares sold short and not yet covered.",
    unitKind: "shares",
    aliases: ["shares short", "short float", "short interest ratio", "short ratio", "days to cover"],
    related: ["shares_outstanding", "volume", "public_float"],
  }),
  unavailable("market", "FinGround holds filed and traded data only: no analyst research, ratings or estimates.", {
    key: "analyst_rating",
    name: "Analyst Rating",
    description: "Consensus buy, hold or sell recommendation of the analysts who cover the stock.",
    unitKind: "count",
    aliases: ["consensus rating", "analyst recommendation", "analyst consensus", "wall street rating", "buy rating"],
    related: ["price_target", "pe_ratio_ttm"],
  }),
  unavailable("market", "FinGround holds filed and traded data only: no analyst research, ratings or estimates.", {
    key: "price_target",
    name: "Analyst Price Target",
    description: "Price analysts expect the stock to reach, usually within twelve months.",
    unitKind: "per_share",
    aliases: ["price target", "target price", "consensus price target", "12 month price target"],
    related: ["analyst_rating", "price_close"],
  }),
  unavailable(
    "market",
    "Implied volatility comes from option prices, which FinGround does not store; historical volatility is available.",
    {
      key: "implied_volatility",
      name: "Implied Volatility",
      description: "Volatility the options market prices in for the stock.",
      unitKind: "ratio",
      aliases: ["implied vol", "option implied volatility", "options implied volatility"],
      related: ["volatility_annualized", "beta"],
    },
  ),
  unavailable(
    "market",
    "FinGround has end-of-day prices only: its latest price is the last daily close it holds, not a live, intraday or extended-hours quote.",
    {
      key: "intraday_price",
      name: "Real-time Price",
      description: "Live price during the trading session, or in pre-market and after-hours trading.",
      unitKind: "per_share",
      aliases: [
        "realtime price",
        "real time quote",
        "live quote",
        "intraday price",
        "after-hours price",
        "pre-market price",
        "premarket price",
      ],
      related: ["price_close", "daily_price_change"],
    },
  ),
  unavailable("market", "Institutional holdings are reported in 13F filings, which FinGround does not ingest.", {
    key: "institutional_ownership",
    name: "Institutional Ownership",
    description: "Share of the stock held by funds and other institutions.",
    unitKind: "ratio",
    aliases: ["institutional holders", "institutional holdings", "13f holdings"],
    related: ["shares_outstanding", "public_float"],
  }),
  unavailable("market", "Insider trades are reported on Form 4, which FinGround does not ingest.", {
    key: "insider_transactions",
    name: "Insider Transactions",
    description: "Purchases and sales of the stock by officers, directors and large holders.",
    unitKind: "count",
    aliases: [
      "insider trading",
      "insider buying",
      "insider selling",
      "insider purchases",
      "insider sales",
      "form 4 filings",
    ],
    related: ["share_repurchases", "shares_outstanding"],
  }),
  unavailable("market", "Credit ratings come from rating agencies and are not in SEC financial data.", {
    key: "credit_rating",
    name: "Credit Rating",
    description: "A rating agency's grade of the company's ability to repay its debt.",
    unitKind: "count",
    aliases: ["bond rating", "debt rating", "s&p rating", "moody's rating", "credit score"],
    related: ["gross_debt", "interest_coverage", "debt_to_ebitda"],
  }),
  unavailable(
    "market",
    "Needs a cost of equity (beta against a market index, a risk-free rate and an equity risk premium) and a cost of debt: assumptions FinGround's data does not contain.",
    {
      key: "weighted_average_cost_of_capital",
      name: "Weighted Average Cost of Capital",
      description:
        "Blended return required by lenders and shareholders, weighted by the market value of debt and equity.",
      unitKind: "ratio",
      aliases: ["wacc", "cost of capital"],
      related: ["beta", "gross_debt", "market_cap_at_close", "interest_expense", "economic_value_added"],
    },
  ),
  unavailable(
    "income",
    "Needs a cost of capital (WACC), which filings do not report and FinGround does not estimate; its parts NOPAT and invested capital are available.",
    {
      key: "economic_value_added",
      name: "Economic Value Added",
      description: "Profit beyond the cost of all capital used: NOPAT less the cost of capital times invested capital.",
      unitKind: "currency",
      frequency: "annual",
      aliases: ["eva", "economic profit"],
      related: [
        "net_operating_profit_after_tax",
        "invested_capital",
        "weighted_average_cost_of_capital",
        "return_on_invested_capital",
      ],
    },
  ),
];

export const METRICS: readonly MetricDefinition[] = [
  ...INCOME_METRICS,
  ...BALANCE_SHEET_METRICS,
  ...COVER_METRICS,
  ...CASH_FLOW_METRICS,
  ...MARKET_METRICS,
  ...PROFITABILITY_METRICS,
  ...CASH_FLOW_DERIVED_METRICS,
  ...VALUATION_METRICS,
  ...PER_SHARE_AND_TTM_METRICS,
  ...RETURN_METRICS,
  ...BALANCE_DERIVED_METRICS,
  ...LIQUIDITY_AND_SOLVENCY_METRICS,
  ...EFFICIENCY_METRICS,
  ...DIVIDEND_METRICS,
  ...GROWTH_METRICS,
  ...PRICE_STATISTICS_METRICS,
  ...UNAVAILABLE_METRICS,
];

let metricsByKey: ReadonlyMap<string, MetricDefinition> | undefined;

export function metricByKey(key: string): MetricDefinition | undefined {
  metricsByKey ??= new Map(METRICS.map((m) => [m.key, m]));
  return metricsByKey.get(key);
}

let conceptMap: ReadonlyMap<string, { metricKey: string; priority: number }> | undefined;

/** Concept ("us-gaap:Revenues") to its metric and rank within that metric's list (0 = preferred).
 * Built once; a concept listed under two metrics is a catalog bug, so it throws rather than pick one. */
export function conceptIndex(): ReadonlyMap<string, { metricKey: string; priority: number }> {
  if (conceptMap) return conceptMap;
  const index = new Map<string, { metricKey: string; priority: number }>();
  for (const metric of METRICS) {
    metric.concepts.forEach((concept, priority) => {
      const existing = index.get(concept);
      if (existing) {
        throw new Error(`Concept ${concept} is listed under both ${existing.metricKey} and ${metric.key}`);
      }
      index.set(concept, { metricKey: metric.key, priority });
    });
  }
  conceptMap = index;
  return conceptMap;
}
