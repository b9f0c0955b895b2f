// Investor-language questions (issue 16): forum and chat phrasing, slang, misspellings, long questions
// carrying instructions or their own definitions, plain-language metrics, companies no longer listed.
// Written and labelled BY HAND under eval/agent/LABELLING.md before the parser's vocabulary was read or
// changed, never by running the parser. Reference date 2026-11-30, as the hand-written set (the
// relative dates worked out at the top of handwritten.ts apply here too).
//
// Plain-language words, labelled as issue 16 item 4 says: "more profitable" → net margin with operating
// margin; "cheaper" / "better value" → P/E with EV/EBITDA; "healthier balance sheet" → debt to equity
// with the current ratio; "growing faster" → revenue growth; "earn" / "make" (alone) → net income;
// "bring in" / "make in sales" → revenue; "spend on X" → the expense line of X. Companies no longer on
// the SEC ticker list but present in the data folder keep their old ticker (Activision Blizzard ATVI,
// VMware VMW, World Wrestling Entertainment WWE). Instructions ("round to two decimals", "in USD
// millions") and definitions given in the question do not change the label: the label is what is
// asked for, the metric a definition names included.
import type { Intent } from "@/lib/agent/schema";
import { relatedOf } from "./lexicon";
import { HANDWRITTEN_TODAY } from "./handwritten";
import type { EvalQuery, FiscalPeriod, GoldDates } from "./types";

const L: GoldDates = "latest";
const D = (start: string | null, end: string | null): GoldDates => ({ start, end });
/** A whole calendar year: Y(2023) is 2023-01-01..2023-12-31. */
const Y = (year: number): GoldDates => D(`${year}-01-01`, `${year}-12-31`);
const FY = (year: number, period: FiscalPeriod = "FY"): GoldDates => ({ fiscal: { year, period } });
const T = HANDWRITTEN_TODAY;

const REV = ["revenue"];
const NI = ["net_income"];
const EPS = ["eps_diluted"];
const PX = ["price_close"];
const OVERVIEW = ["revenue", "net_income"];
const INVEST = ["revenue", "net_income", "eps_diluted", "price_close"];
const PROFITABLE = ["net_margin_ratio", "operating_margin_ratio"];
const CHEAPER = ["pe_ratio_ttm", "ev_to_ebitda"];
const HEALTHIER = ["total_debt_to_equity", "working_capital_ratio"];
const GROWING = ["revenue_growth_yoy"];
const RD = ["research_and_development"];
const FCF = ["free_cash_flow_ocf_capex"];
const LAST_QUARTER = D("2026-07-01", "2026-09-30");
const LAST_YEAR = Y(2025);
const YTD = D("2026-01-01", T);
const TTM = D("2025-10-01", "2026-09-30");

type Row = readonly [
  question: string,
  tickers: readonly string[],
  metrics: readonly string[],
  dates: GoldDates,
  intent: Intent,
];

const ROWS: readonly Row[] = [
  // Slang for the income statement
  ["whats apples rev", ["AAPL"], REV, L, "lookup"],
  ["nvda rev last qtr??", ["NVDA"], REV, LAST_QUARTER, "lookup"],
  ["msft top line fy25", ["MSFT"], REV, FY(2025), "lookup"],
  ["how much did amazon make last year", ["AMZN"], NI, LAST_YEAR, "lookup"],
  ["how much did tesla make in sales in 2024", ["TSLA"], REV, Y(2024), "lookup"],
  ["how much does netflix bring in a year", ["NFLX"], REV, L, "lookup"],
  ["how much money did nike bring in fy2024", ["NKE"], REV, FY(2024), "lookup"],
  ["what did walmart earn last quarter", ["WMT"], NI, LAST_QUARTER, "lookup"],
  ["how much did jpmorgan earn in 2023", ["JPM"], NI, Y(2023), "lookup"],
  ["coke bottom line 2022", ["KO"], NI, Y(2022), "lookup"],
  ["pepsico bottom line trend last 5 yrs", ["PEP"], NI, D("2022-01-01", T), "trend"],
  ["googl top line and bottom line 2025", ["GOOGL"], OVERVIEW, Y(2025), "lookup"],
  ["how much did oracle earn per share last year", ["ORCL"], EPS, LAST_YEAR, "lookup"],
  ["intels sales fell how much in 2022", ["INTC"], REV, Y(2022), "trend"],
  ["did boeing lose money in 2020", ["BA"], NI, Y(2020), "lookup"],
  ["how big were boeing's losses 2019 thru 2021", ["BA"], NI, D("2019-01-01", "2021-12-31"), "trend"],
  ["adobe rev ttm", ["ADBE"], ["revenue_ttm"], L, "lookup"],
  ["what's salesforce pulling in revenue-wise these days", ["CRM"], REV, L, "lookup"],
  ["ibm net inc 2021", ["IBM"], NI, Y(2021), "lookup"],
  ["how much profit did costco make fy24", ["COST"], NI, FY(2024), "lookup"],
  ["mcd's op income last year", ["MCD"], ["operating_income"], LAST_YEAR, "lookup"],
  ["verizon ebitda 2023", ["VZ"], ["operating_ebitda"], Y(2023), "lookup"],
  ["amd gross profit q2 2025", ["AMD"], ["gross_profit"], D("2025-04-01", "2025-06-30"), "lookup"],
  ["what's exxon's free cash flow been like the past 3 years", ["XOM"], FCF, D("2024-01-01", T), "trend"],
  ["chevron fcf 2024", ["CVX"], FCF, Y(2024), "lookup"],

  // Misspellings and chat style
  ["appl revenu 2023", ["AAPL"], REV, Y(2023), "lookup"],
  ["nvidea earnings lol", ["NVDA"], NI, L, "lookup"],
  ["microsft net incom fy2024", ["MSFT"], NI, FY(2024), "lookup"],
  ["amazn operating incme", ["AMZN"], ["operating_income"], L, "lookup"],
  ["teslas profit margin rn", ["TSLA"], ["net_margin_ratio"], L, "lookup"],
  ["jonson and jonson revenue 2024", ["JNJ"], REV, Y(2024), "lookup"],
  ["phizer net income 2021 vs 2022", ["PFE"], NI, D("2021-01-01", "2022-12-31"), "compare"],
  ["unitedhealth revnue last yr", ["UNH"], REV, LAST_YEAR, "lookup"],
  ["abbvie eps??", ["ABBV"], EPS, L, "lookup"],
  ["lockheed martin rev pls", ["LMT"], REV, L, "lookup"],
  ["yo whats meta's p/e", ["META"], ["pe_ratio_ttm"], L, "lookup"],
  ["anyone know netflix's debt to equity", ["NFLX"], ["total_debt_to_equity"], L, "lookup"],
  ["quick q: what's visa's net margin", ["V"], ["net_margin_ratio"], L, "lookup"],
  ["mastercard gross margn", ["MA"], ["gross_margin_ratio"], L, "lookup"],
  ["amex net income 2025 thx", ["AXP"], NI, Y(2025), "lookup"],
  ["paypals revenue growth yoy", ["PYPL"], GROWING, L, "trend"],
  ["cvs health rev 2024", ["CVS"], REV, Y(2024), "lookup"],
  ["proctor and gamble dividend", ["PG"], ["dividends_per_share"], L, "lookup"],
  ["home depo revenue fy2025", ["HD"], REV, FY(2025), "lookup"],
  ["best buy's sales last year", ["BBY"], REV, LAST_YEAR, "lookup"],
  ["wells fargo net incme 2023", ["WFC"], NI, Y(2023), "lookup"],
  ["3m net income 2022", ["MMM"], NI, Y(2022), "lookup"],
  ["what is nvdas market cap rn", ["NVDA"], ["market_cap_at_close"], L, "lookup"],
  ["googles eps last 4 quarters", ["GOOGL"], EPS, D("2026-01-01", T), "trend"],

  // Plain-language comparisons (issue 16 item 4)
  ["which is more profitable, apple or microsoft?", ["AAPL", "MSFT"], PROFITABLE, L, "compare"],
  ["is coke more profitable than pepsi", ["KO", "PEP"], PROFITABLE, L, "compare"],
  ["visa or mastercard - who's more profitable?", ["V", "MA"], PROFITABLE, L, "compare"],
  ["is walmart more profitable than costco in fy2024", ["WMT", "COST"], PROFITABLE, FY(2024), "compare"],
  ["more profitable: nvidia or amd, last year", ["NVDA", "AMD"], PROFITABLE, LAST_YEAR, "compare"],
  ["which is cheaper, google or meta", ["GOOGL", "META"], CHEAPER, L, "compare"],
  ["is intel cheaper than amd right now", ["INTC", "AMD"], CHEAPER, L, "compare"],
  ["is pfizer or merck the better value", ["PFE", "MRK"], CHEAPER, L, "compare"],
  ["jnj vs pfe which one is better value", ["JNJ", "PFE"], CHEAPER, L, "compare"],
  ["is exxon cheap compared to chevron?", ["XOM", "CVX"], CHEAPER, L, "compare"],
  ["who has the healthier balance sheet, ford or gm", ["F", "GM"], HEALTHIER, L, "compare"],
  ["does boeing or lockheed have a healthier balance sheet", ["BA", "LMT"], HEALTHIER, L, "compare"],
  ["healthier balance sheet: verizon vs at&t", ["VZ", "T"], HEALTHIER, L, "compare"],
  ["is apple's balance sheet healthier than microsoft's", ["AAPL", "MSFT"], HEALTHIER, L, "compare"],
  ["is netflix growing faster than disney", ["NFLX", "DIS"], GROWING, L, "compare"],
  ["who's growing faster amazon or walmart", ["AMZN", "WMT"], GROWING, L, "compare"],
  ["nvda vs amd growing faster over the last 2 years?", ["NVDA", "AMD"], GROWING, D("2025-01-01", T), "compare"],
  ["is salesforce growing faster than oracle these days", ["CRM", "ORCL"], GROWING, L, "compare"],
  ["which earns more, jpmorgan or wells fargo", ["JPM", "WFC"], NI, L, "compare"],
  ["does google earn more than meta", ["GOOGL", "META"], NI, L, "compare"],
  ["who brings in more revenue, ups or fedex", ["UPS", "FDX"], REV, L, "compare"],
  ["does nike bring in more than adidas", ["NKE"], REV, L, "compare"],
  ["how much does apple spend on r&d", ["AAPL"], RD, L, "lookup"],
  ["how much did meta spend on research and development in 2024", ["META"], RD, Y(2024), "lookup"],
  ["does microsoft spend more on r&d than google", ["MSFT", "GOOGL"], RD, L, "compare"],
  ["how much does amazon spend on capex", ["AMZN"], ["capex"], L, "lookup"],
  ["what does nvidia spend on stock comp", ["NVDA"], ["stock_based_compensation"], L, "lookup"],
  ["how much does coca cola spend on buybacks", ["KO"], ["share_repurchases"], L, "lookup"],
  ["how much does intel spend on interest", ["INTC"], ["interest_expense"], L, "lookup"],
  ["how much is pepsi spending on marketing", ["PEP"], ["selling_and_marketing"], L, "lookup"],
  [
    "what did tesla spend on capital expenditures over the past 5 years",
    ["TSLA"],
    ["capex"],
    D("2022-01-01", T),
    "trend",
  ],
  ["is amd's revenue growing", ["AMD"], REV, L, "trend"],
  ["which is more profitable msft googl or meta", ["MSFT", "GOOGL", "META"], PROFITABLE, L, "compare"],
  ["is ibm cheaper than oracle based on p/e", ["IBM", "ORCL"], ["pe_ratio_ttm"], L, "compare"],
  ["whose balance sheet is healthier, home depot's or lowe's?", ["HD", "LOW"], HEALTHIER, L, "compare"],
  ["which is the more profitable bank, jpm or bac", ["JPM", "BAC"], PROFITABLE, L, "compare"],
  ["how much cash does apple have", ["AAPL"], ["cash"], L, "lookup"],
  ["how much debt does boeing have", ["BA"], ["long_term_debt"], L, "lookup"],
  ["how much does microsoft pay in dividends", ["MSFT"], ["dividends_paid"], L, "lookup"],

  // Long questions with instructions (issue 16 item 9)
  [
    "What was Apple's FY2022 revenue? Round to two decimals and answer in USD millions.",
    ["AAPL"],
    REV,
    FY(2022),
    "lookup",
  ],
  [
    "Using the cash flow statement, what was Microsoft's capital expenditure in FY2023, in USD millions?",
    ["MSFT"],
    ["capex"],
    FY(2023),
    "lookup",
  ],
  ["what is 3M's FY2018 capex in USD billions? use the cash flow statement", ["MMM"], ["capex"], FY(2018), "lookup"],
  [
    "From the income statement, give Nike's FY2021 net income in millions, rounded to 1 decimal",
    ["NKE"],
    NI,
    FY(2021),
    "lookup",
  ],
  [
    "Using the balance sheet, what was Costco's total assets at the end of FY2022? Answer in USD billions.",
    ["COST"],
    ["total_assets"],
    FY(2022),
    "lookup",
  ],
  [
    "what was amazon's operating income in 2019, round to the nearest million",
    ["AMZN"],
    ["operating_income"],
    Y(2019),
    "lookup",
  ],
  [
    "pls give me adobe's gross margin for FY2022 as a percent with two decimals",
    ["ADBE"],
    ["gross_margin_ratio"],
    FY(2022),
    "lookup",
  ],
  [
    "Based on the cash flow statement, how much did PepsiCo pay in dividends in FY2022 (USD millions)?",
    ["PEP"],
    ["dividends_paid"],
    FY(2022),
    "lookup",
  ],
  ["In USD thousands, what was Best Buy's inventory at the end of FY2023?", ["BBY"], ["inventory"], FY(2023), "lookup"],
  [
    "Verizon's FY2021 operating cash flow, from the statement of cash flows, rounded to two decimal places in billions",
    ["VZ"],
    ["operating_cash_flow"],
    FY(2021),
    "lookup",
  ],
  [
    "Round your answer to two decimals: what is Intel's FY2020 net margin?",
    ["INTC"],
    ["net_margin_ratio"],
    FY(2020),
    "lookup",
  ],
  [
    "Answer in millions of dollars: how much did Oracle spend on research and development in FY2023?",
    ["ORCL"],
    RD,
    FY(2023),
    "lookup",
  ],
  [
    "Using the income statement only, what was Walmart's FY2024 operating income? Show it in USD millions.",
    ["WMT"],
    ["operating_income"],
    FY(2024),
    "lookup",
  ],
  [
    "What is the FY2019 current ratio for Lockheed Martin? Round to two decimal places.",
    ["LMT"],
    ["working_capital_ratio"],
    FY(2019),
    "lookup",
  ],
  [
    "Johnson & Johnson FY2022 total debt to equity, rounded to two decimals please",
    ["JNJ"],
    ["total_debt_to_equity"],
    FY(2022),
    "lookup",
  ],
  [
    "Give me Boeing's FY2022 free cash flow (operating cash flow minus capex) in USD millions",
    ["BA"],
    FCF,
    FY(2022),
    "lookup",
  ],
  ["in usd billions, compare apple and microsoft revenue for 2024", ["AAPL", "MSFT"], REV, Y(2024), "compare"],
  [
    "Using the cash flow statement, how much did Netflix spend on share repurchases in FY2021? round to nearest million",
    ["NFLX"],
    ["share_repurchases"],
    FY(2021),
    "lookup",
  ],
  ["tell me mcdonalds FY2020 dividends per share, 2 decimals", ["MCD"], ["dividends_per_share"], FY(2020), "lookup"],
  ["What was CVS Health's FY2022 revenue in USD millions? Use the income statement.", ["CVS"], REV, FY(2022), "lookup"],
  [
    "Please answer in USD millions and round to one decimal: Kraft Heinz net income FY2021",
    ["KHC"],
    NI,
    FY(2021),
    "lookup",
  ],
  [
    "Round to two decimals. What is General Mills' FY2022 operating margin?",
    ["GIS"],
    ["operating_margin_ratio"],
    FY(2022),
    "lookup",
  ],
  [
    "How much cash did American Express hold at the end of FY2022, in billions of dollars?",
    ["AXP"],
    ["cash"],
    FY(2022),
    "lookup",
  ],
  [
    "Using figures from the balance sheet, what is Ulta Beauty's FY2023 inventory in USD millions?",
    ["ULTA"],
    ["inventory"],
    FY(2023),
    "lookup",
  ],
  ["eBay FY2021 revenue in millions, rounded to zero decimals", ["EBAY"], REV, FY(2021), "lookup"],

  // Definitions given in the question (issue 16 item 9)
  [
    "What is Adobe's FY2019 return on assets? ROA is defined as net income / (average total assets between FY2018 and FY2019). Round to two decimals.",
    ["ADBE"],
    ["return_on_average_assets"],
    FY(2019),
    "lookup",
  ],
  [
    "What is Nike's FY2022 inventory turnover ratio? Inventory turnover is defined as cost of revenue / (average inventory between FY2021 and FY2022).",
    ["NKE"],
    ["inventory_turnover"],
    FY(2022),
    "lookup",
  ],
  [
    "Define fixed asset turnover as revenue / (average PP&E between FY2021 and FY2022). What is Amazon's FY2022 fixed asset turnover?",
    ["AMZN"],
    ["fixed_asset_turnover"],
    FY(2022),
    "lookup",
  ],
  [
    "What is 3M's FY2022 quick ratio? The quick ratio is (cash + accounts receivable) / current liabilities. Round to two decimals.",
    ["MMM"],
    ["quick_ratio"],
    FY(2022),
    "lookup",
  ],
  [
    "Calculate Walmart's FY2023 return on equity, defined as net income / (average stockholders' equity between FY2022 and FY2023)",
    ["WMT"],
    ["return_on_average_equity"],
    FY(2023),
    "lookup",
  ],
  [
    "what's pepsico's FY2022 days inventory outstanding? DIO = 365 * (average inventory between FY2021 and FY2022) / cost of revenue",
    ["PEP"],
    ["days_inventory_outstanding"],
    FY(2022),
    "lookup",
  ],
  [
    "Intel FY2021 capex to revenue, where capex to revenue is defined as capital expenditures / revenue, round to 2 decimals",
    ["INTC"],
    ["capex_to_revenue"],
    FY(2021),
    "lookup",
  ],
  [
    "Using operating income / revenue as the definition, what was Microsoft's operating margin in FY2023?",
    ["MSFT"],
    ["operating_margin_ratio"],
    FY(2023),
    "lookup",
  ],
  [
    "What is Coca-Cola's FY2021 dividend payout ratio, defined as dividends paid / net income?",
    ["KO"],
    ["dividend_payout_ratio"],
    FY(2021),
    "lookup",
  ],
  [
    "What is Costco's FY2021 asset turnover, defined as revenue / (average total assets between FY2020 and FY2021)?",
    ["COST"],
    ["asset_turnover"],
    FY(2021),
    "lookup",
  ],
  [
    "Amcor FY2023 interest coverage, defined as operating income / interest expense",
    ["AMCR"],
    ["interest_coverage"],
    FY(2023),
    "lookup",
  ],
  [
    "defining debt to assets as total debt / total assets, what was verizon's debt to assets in fy2022",
    ["VZ"],
    ["debt_to_assets"],
    FY(2022),
    "lookup",
  ],

  // Companies no longer listed or renamed (issue 16 item 10)
  ["activision blizzard revenue 2019", ["ATVI"], REV, Y(2019), "lookup"],
  ["What was Activision Blizzard's FY2019 net income?", ["ATVI"], NI, FY(2019), "lookup"],
  ["how profitable was activision blizzard in 2019", ["ATVI"], PROFITABLE, Y(2019), "lookup"],
  ["atvi operating income fy2019", ["ATVI"], ["operating_income"], FY(2019), "lookup"],
  ["vmware revenue growth 2021", ["VMW"], GROWING, Y(2021), "trend"],
  ["what did vmware earn in 2022", ["VMW"], NI, Y(2022), "lookup"],
  ["world wrestling entertainment revenue 2021", ["WWE"], REV, Y(2021), "lookup"],
  ["wwe net income 2020 vs 2021", ["WWE"], NI, D("2020-01-01", "2021-12-31"), "compare"],
  ["facebook revenue 2020", ["META"], REV, Y(2020), "lookup"],
  ["how much did facebook make in 2019", ["META"], NI, Y(2019), "lookup"],
  ["square revenue 2022", ["SQ"], REV, Y(2022), "lookup"],
  ["philip morris vs altria dividend yield", ["PM", "MO"], ["dividend_yield_ttm"], L, "compare"],

  // Relative dates in chat style
  ["apple rev so far this year", ["AAPL"], REV, YTD, "lookup"],
  ["msft eps ytd", ["MSFT"], EPS, YTD, "lookup"],
  ["nvda net income past 2 yrs", ["NVDA"], NI, D("2025-01-01", T), "trend"],
  ["tsla stock since jan", ["TSLA"], PX, D("2026-01-01", T), "trend"],
  ["how has meta stock done over the last 6 months", ["META"], PX, D("2026-06-01", T), "trend"],
  ["amzn stock price yesterday", ["AMZN"], PX, D("2026-11-29", "2026-11-29"), "lookup"],
  ["netflix revenue trailing twelve months", ["NFLX"], REV, TTM, "trend"],
  ["googl net income ttm", ["GOOGL"], ["net_income_ttm"], L, "lookup"],
  ["jpm net income last 3 quarters", ["JPM"], NI, D("2026-04-01", T), "trend"],
  ["wmt revenue over the past decade", ["WMT"], REV, D("2017-01-01", T), "trend"],
  ["what was the close for costco last week", ["COST"], PX, D("2026-11-23", "2026-11-29"), "lookup"],
  ["ko dividend this year", ["KO"], ["dividends_per_share"], YTD, "lookup"],
  ["pfizer revenue since covid hit in 2020", ["PFE"], REV, D("2020-01-01", T), "trend"],
  ["how has abbvie's eps changed since 2021", ["ABBV"], EPS, D("2021-01-01", T), "trend"],
  ["intc stock last month", ["INTC"], PX, D("2026-10-01", "2026-10-31"), "lookup"],

  // Investment and overview questions
  ["is it a good time to buy nvidia", ["NVDA"], INVEST, L, "invest"],
  ["should i dump my intel shares", ["INTC"], INVEST, L, "invest"],
  ["thinking of putting money into costco, thoughts?", ["COST"], INVEST, L, "invest"],
  ["is disney undervalued", ["DIS"], INVEST, L, "invest"],
  ["is tesla overvalued based on p/e", ["TSLA"], ["pe_ratio_ttm"], L, "invest"],
  ["apple or google, which is the better buy for the long term", ["AAPL", "GOOGL"], INVEST, L, "invest"],
  ["how's boeing doing lately", ["BA"], OVERVIEW, L, "lookup"],
  ["give me a quick snapshot of salesforce", ["CRM"], OVERVIEW, L, "lookup"],
  ["how are amd's fundamentals", ["AMD"], OVERVIEW, L, "lookup"],
  ["why did netflix's net income drop in 2022", ["NFLX"], NI, Y(2022), "explain"],
  ["why is intel's gross margin so low", ["INTC"], ["gross_margin_ratio"], L, "explain"],
  ["what drove nvidia's revenue growth last year", ["NVDA"], GROWING, LAST_YEAR, "explain"],

  // Rankings among named companies
  [
    "which of apple, microsoft and nvidia has the highest net margin",
    ["AAPL", "MSFT", "NVDA"],
    ["net_margin_ratio"],
    L,
    "rank",
  ],
  ["rank jpm, bac, wfc and c by net income", ["JPM", "BAC", "WFC", "C"], NI, L, "rank"],
  ["out of ko pep and pg who pays the biggest dividend yield", ["KO", "PEP", "PG"], ["dividend_yield_ttm"], L, "rank"],
  ["biggest r&d spender: meta, google or amazon?", ["META", "GOOGL", "AMZN"], RD, L, "rank"],
  ["lowest p/e out of xom cvx and cop", ["XOM", "CVX", "COP"], ["pe_ratio_ttm"], L, "rank"],

  // False matches a longer term must not produce (issue 16 item 5)
  ["is meta cheap on a p/e basis", ["META"], ["pe_ratio_ttm"], L, "lookup"],
  ["apple p/e basis vs microsoft", ["AAPL", "MSFT"], ["pe_ratio_ttm"], L, "compare"],
  ["nvda ev/ebitda", ["NVDA"], ["ev_to_ebitda"], L, "lookup"],
  ["amazon's price to sales ratio", ["AMZN"], ["price_to_sales"], L, "lookup"],
  ["msft price to book", ["MSFT"], ["price_to_book"], L, "lookup"],
  ["google's r&d to revenue", ["GOOGL"], ["rd_to_revenue"], L, "lookup"],
  ["walmart cost of revenue 2025", ["WMT"], ["cost_of_revenue"], Y(2025), "lookup"],
  ["home depot accounts payable", ["HD"], ["accounts_payable"], L, "lookup"],
  ["oracle days sales outstanding", ["ORCL"], ["days_sales_outstanding"], L, "lookup"],
  ["ibm free cash flow per share", ["IBM"], ["fcf_per_share"], L, "lookup"],
  ["aapl net debt to ebitda", ["AAPL"], ["net_debt_to_ebitda"], L, "lookup"],
  ["tesla operating cash flow margin", ["TSLA"], ["operating_cash_flow_margin"], L, "lookup"],
  ["unh return on equity", ["UNH"], ["return_on_average_equity"], L, "lookup"],
  ["cvx dividend per share growth", ["CVX"], ["dividend_growth_yoy"], L, "trend"],
];

export const INVESTOR: readonly EvalQuery[] = ROWS.map(([question, tickers, metrics, dates, intent], i) => ({
  id: `i${String(i + 1).padStart(3, "0")}`,
  question,
  today: HANDWRITTEN_TODAY,
  gold: { tickers: [...tickers], metrics: [...metrics], related: relatedOf(metrics), dates, intent },
}));
