// The audit suite's questions (npm run eval:audit, scripts/eval-audit.ts): written as investors and
// analysts ask about the data folder's companies, filings, calls and news, each with what the checks
// need (the companies it names, the document it names). How they were written: LABELLING.md beside it.
import { z } from "zod";

const AUDIT_KINDS = [
  "quotes",
  "valuation",
  "growth",
  "named-filing",
  "call-quarter",
  "vocabulary",
  "calendars",
  "ranking",
  "should-buy",
  "table-row",
] as const;
type AuditKind = (typeof AUDIT_KINDS)[number];

const documentSchema = z
  .object({
    /** "call": an earnings call; the others are filing forms as stored. */
    form: z.enum(["10-K", "10-Q", "8-K", "earnings", "call"]).optional(),
    fiscalYear: z.number().int().min(2000).max(2030).optional(),
    quarter: z.number().int().min(1).max(4).optional(),
  })
  .strict();

const auditQuestionSchema = z
  .object({
    id: z.string().regex(/^[a-z]+-\d{2}$/),
    kind: z.enum(AUDIT_KINDS),
    question: z.string().min(8),
    /** The companies the question names (catalog tickers); an answer naming another invents it. */
    tickers: z.array(z.string().regex(/^[A-Z.]+$/)),
    /** The question asks about a group (a ranking, a sector, peers): other companies are expected. */
    group: z.boolean(),
    /** The filing or call the question names, when it names one. */
    document: documentSchema.nullable(),
    /** The reference date (YYYY-MM-DD). */
    today: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
  })
  .strict();
export type AuditQuestion = z.infer<typeof auditQuestionSchema>;
type AuditDocument = z.infer<typeof documentSchema>;

/** The day after the seed's last prices (2025-07-24): "latest" and "current" read up to it. */
const TODAY = "2025-07-31";

type Options = { group?: boolean; document?: AuditDocument; today?: string };

/** One kind's questions: [question, tickers, options?] in writing order; ids are the kind's prefix and a number. */
function kindOf(kind: AuditKind, prefix: string, rows: readonly [string, string[], Options?][]): AuditQuestion[] {
  return rows.map(([question, tickers, options = {}], i) => ({
    id: `${prefix}-${String(i + 1).padStart(2, "0")}`,
    kind,
    question,
    tickers,
    group: options.group ?? false,
    document: options.document ?? null,
    today: options.today ?? TODAY,
  }));
}

const tenK = (fiscalYear: number): Options => ({ document: { form: "10-K", fiscalYear } });
const call = (fiscalYear: number, quarter: number): Options => ({ document: { form: "call", fiscalYear, quarter } });
const group: Options = { group: true };

const QUOTES = kindOf("quotes", "quote", [
  ["What does Nike say about its reliance on contract manufacturers?", ["NKE"]],
  ["What are the main risk factors Microsoft lists for its cloud business?", ["MSFT"]],
  ["How does Pfizer describe the litigation it faces?", ["PFE"]],
  ["What does Johnson & Johnson disclose about talc lawsuits?", ["JNJ"]],
  ["What did 3M say about the PFAS litigation and its exposure?", ["MMM"]],
  ["Summarize Amazon's MD&A discussion of operating income.", ["AMZN"]],
  ["What does Verizon say about its debt and liquidity?", ["VZ"]],
  ["How does Boeing describe the risks from the 737 MAX?", ["BA"]],
  ["What does Costco say about membership fee income in its MD&A?", ["COST"]],
  ["What does Walmart say about inflation and its effect on margins?", ["WMT"]],
  ["What risks does Netflix see from competition for viewing time?", ["NFLX"]],
  ["What does Adobe say about foreign currency risk?", ["ADBE"]],
  ["What does PepsiCo's 10-K say about commodity costs?", ["PEP"], { document: { form: "10-K" } }],
  ["How does CVS Health describe opioid litigation?", ["CVS"]],
  ["What does Oracle say about its cloud transition in management's discussion?", ["ORCL"]],
  ["What does Best Buy say about supply chain constraints?", ["BBY"]],
  ["What does Lockheed Martin disclose about its backlog and government contracts?", ["LMT"]],
  ["What does Coca-Cola say about currency headwinds?", ["KO"]],
  ["Quote what Apple says about its dependence on outsourcing partners in Asia.", ["AAPL"]],
  ["What legal proceedings does Amazon describe?", ["AMZN"]],
  ["What does Microsoft say about its outstanding debt and credit facilities?", ["MSFT"]],
  ["What does AMD say about its reliance on third-party foundries like TSMC?", ["AMD"]],
  ["How does JPMorgan describe credit risk in its quarterly report?", ["JPM"], { document: { form: "10-Q" } }],
  ["What does American Express say about card member loan losses?", ["AXP"]],
  ["What does Intel say about manufacturing delays?", ["INTC"]],
  [
    "What guidance did PepsiCo give in its first-quarter 2023 earnings release?",
    ["PEP"],
    { document: { form: "earnings", fiscalYear: 2023, quarter: 1 } },
  ],
  [
    "What did Johnson & Johnson's Q4 2022 earnings release say about full-year guidance?",
    ["JNJ"],
    { document: { form: "earnings", fiscalYear: 2022, quarter: 4 } },
  ],
  ["What does McDonald's say about franchisee relationships?", ["MCD"]],
  ["What cybersecurity risks does Visa describe?", ["V"]],
  ["What does UnitedHealth say about medical cost trends?", ["UNH"]],
  ["What does Home Depot say about the housing market as a risk?", ["HD"]],
  ["What does Nvidia disclose about export controls to China?", ["NVDA"]],
  ["What does Tesla say about its dependence on Elon Musk?", ["TSLA"]],
  ["How does Procter & Gamble describe the risk from raw material prices?", ["PG"]],
  ["What does Exxon say about climate-related regulation?", ["XOM"]],
]);

const VALUATION = kindOf("valuation", "value", [
  ["What is Apple's P/E ratio right now?", ["AAPL"]],
  ["Is Microsoft cheaper than Apple on a P/E basis?", ["MSFT", "AAPL"]],
  ["What's Nike's current price-to-sales?", ["NKE"]],
  ["What is Coca-Cola's dividend yield today?", ["KO"]],
  ["Is PepsiCo or Coca-Cola the better value on earnings?", ["PEP", "KO"]],
  ["How expensive is Nvidia compared with AMD, on trailing P/E?", ["NVDA", "AMD"]],
  ["What's Verizon's dividend yield and how safe is the payout?", ["VZ"]],
  ["Walmart vs Costco: which trades at a higher multiple of earnings?", ["WMT", "COST"]],
  ["What's JPMorgan's price to book?", ["JPM"]],
  ["What is Oracle's EV/EBITDA?", ["ORCL"]],
  ["Is Pfizer cheap? What's its P/E and dividend yield?", ["PFE"]],
  ["What is Johnson & Johnson's earnings yield?", ["JNJ"]],
  ["Is Home Depot more expensive than it was a year ago on P/E?", ["HD"]],
  ["Compare the P/S of Salesforce and Adobe.", ["CRM", "ADBE"]],
  ["What P/E does Amazon trade at?", ["AMZN"]],
  ["What's Exxon's dividend yield versus Chevron's?", ["XOM", "CVX"]],
  ["Is Procter & Gamble overvalued relative to its earnings?", ["PG"]],
  ["How does Visa's price-to-earnings compare with Mastercard's?", ["V", "MA"]],
  ["What is McDonald's trailing P/E?", ["MCD"]],
  ["Is Tesla more expensive than Apple, by price to sales?", ["TSLA", "AAPL"]],
  ["What's the price-to-free-cash-flow of Alphabet?", ["GOOGL"]],
  ["What dividend yield does AbbVie pay at today's price?", ["ABBV"]],
  ["Is Best Buy trading at a discount to Home Depot on P/E?", ["BBY", "HD"]],
  ["What's Intel's price-to-book ratio right now?", ["INTC"]],
  ["How many times earnings is Meta trading at?", ["META"]],
]);

const GROWTH = kindOf("growth", "growth", [
  ["How fast has Microsoft's revenue grown over the last five years?", ["MSFT"]],
  ["What's Nike's revenue growth from fiscal 2019 to fiscal 2023?", ["NKE"]],
  ["How has Apple's net income grown since 2020?", ["AAPL"]],
  ["What was Amazon's revenue growth each year from 2019 to 2022?", ["AMZN"]],
  ["How has Costco's operating margin trended over the last four years?", ["COST"]],
  ["What's Adobe's 3-year revenue CAGR?", ["ADBE"]],
  ["How much did Netflix grow revenue in 2021 versus 2020?", ["NFLX"]],
  ["Has PepsiCo's gross margin expanded or contracted since 2020?", ["PEP"]],
  ["What's the trend in Pfizer's net income from 2020 to 2022?", ["PFE"]],
  ["How has Walmart's EPS grown over the past five years?", ["WMT"]],
  ["What's Boeing's revenue change from 2018 to 2022?", ["BA"]],
  ["How did Verizon's free cash flow change between 2020 and 2022?", ["VZ"]],
  ["What's 3M's operating income growth over the last three years?", ["MMM"]],
  ["How has Oracle's revenue grown year over year since fiscal 2020?", ["ORCL"]],
  ["How did Best Buy's sales change from fiscal 2021 to fiscal 2023?", ["BBY"]],
  ["What's Johnson & Johnson's revenue growth rate over five years?", ["JNJ"]],
  ["How has Nvidia's revenue grown over the last three fiscal years?", ["NVDA"]],
  ["What's Coca-Cola's net margin trend over the last five years?", ["KO"]],
  ["How much has Lockheed Martin's revenue grown since 2020?", ["LMT"]],
  ["What's the year-over-year growth in Tesla's revenue for each of the last four years?", ["TSLA"]],
  ["How did CVS's revenue grow from 2018 to 2022?", ["CVS"]],
  ["How has Home Depot's return on equity changed over the last five years?", ["HD"]],
]);

const NAMED_FILING = kindOf("named-filing", "filing", [
  ["In its FY2022 10-K, what products did Nike say drove revenue?", ["NKE"], tenK(2022)],
  ["What revenue did Microsoft report in its fiscal 2021 10-K?", ["MSFT"], tenK(2021)],
  ["What risk factors did Amazon list in its 2019 annual report?", ["AMZN"], tenK(2019)],
  ["As reported in its 2021 10-K, what was Pfizer's net income?", ["PFE"], tenK(2021)],
  ["What did Verizon's FY2020 10-K say about 5G spending?", ["VZ"], tenK(2020)],
  ["In the 2018 10-K, how did 3M describe its business segments?", ["MMM"], tenK(2018)],
  ["What did Costco's fiscal 2021 10-K say about COVID-19 costs?", ["COST"], tenK(2021)],
  ["What did Netflix's 2017 annual report say about content obligations?", ["NFLX"], tenK(2017)],
  ["According to Adobe's FY2016 10-K, what were the main risks to its subscription model?", ["ADBE"], tenK(2016)],
  ["What did Best Buy's fiscal 2020 10-K say about tariffs?", ["BBY"], tenK(2020)],
  ["In Walmart's FY2018 10-K, what did it say about e-commerce investments?", ["WMT"], tenK(2018)],
  ["What was Johnson & Johnson's FY2020 revenue as reported in that year's 10-K?", ["JNJ"], tenK(2020)],
  ["In its 2015 10-K, what did AMD say about its liquidity?", ["AMD"], tenK(2015)],
  ["What did Boeing's 2020 10-K say about the pandemic's effect on commercial airplanes?", ["BA"], tenK(2020)],
  ["What did Coca-Cola disclose about bottler relationships in its 2017 10-K?", ["KO"], tenK(2017)],
  ["What did Microsoft's fiscal 2016 10-K say about Windows 10?", ["MSFT"], tenK(2016)],
  ["As reported in Nike's fiscal 2019 10-K, what was its gross margin?", ["NKE"], tenK(2019)],
  ["What did Oracle's FY2021 10-K say about cloud services revenue?", ["ORCL"], tenK(2021)],
  ["What did Lockheed Martin's 2022 10-K say about the F-35 program?", ["LMT"], tenK(2022)],
  ["What did CVS say about Aetna integration in its 2018 10-K?", ["CVS"], tenK(2018)],
  ["In Apple's fiscal 2021 10-K, what did it say about supply constraints?", ["AAPL"], tenK(2021)],
  ["What did PepsiCo's 2021 10-K say about its advertising expenses?", ["PEP"], tenK(2021)],
  ["What did Intel's 2020 10-K say about its 7nm process?", ["INTC"], tenK(2020)],
  ["What did Amazon's 2022 10-K report as net sales?", ["AMZN"], tenK(2022)],
  [
    "What did Best Buy's Q2 FY2024 10-Q say about comparable sales?",
    ["BBY"],
    { document: { form: "10-Q", fiscalYear: 2024, quarter: 2 } },
  ],
  [
    "What did Pfizer's second-quarter 2023 10-Q say about Comirnaty revenue?",
    ["PFE"],
    { document: { form: "10-Q", fiscalYear: 2023, quarter: 2 } },
  ],
  [
    "What did JPMorgan's 10-Q for Q2 2022 say about the allowance for credit losses?",
    ["JPM"],
    { document: { form: "10-Q", fiscalYear: 2022, quarter: 2 } },
  ],
  ["What was Nike's FY2022 net income as its 2022 10-K reported it?", ["NKE"], tenK(2022)],
  ["What did Microsoft's FY2023 10-K say about AI investments?", ["MSFT"], tenK(2023)],
  ["What did Netflix's 2015 10-K say about international expansion?", ["NFLX"], tenK(2015)],
]);

const CALL_QUARTER = kindOf("call-quarter", "call", [
  ["What did Coca-Cola's management say on the Q3 2021 earnings call about pricing?", ["KO"], call(2021, 3)],
  ["What guidance did Coca-Cola give on its fourth-quarter 2021 call?", ["KO"], call(2021, 4)],
  ["On Best Buy's Q3 FY2022 call, what did they say about supply chains?", ["BBY"], call(2022, 3)],
  ["What did Best Buy say about holiday demand on the Q4 fiscal 2021 call?", ["BBY"], call(2021, 4)],
  ["What did Home Depot's management say on the Q3 2021 earnings call about the pro customer?", ["HD"], call(2021, 3)],
  ["On Home Depot's Q4 2021 call, what was the outlook for fiscal 2022?", ["HD"], call(2021, 4)],
  ["What did IBM say about hybrid cloud on its Q4 2021 earnings call?", ["IBM"], call(2021, 4)],
  ["What did Mastercard say about cross-border travel on the Q4 2021 call?", ["MA"], call(2021, 4)],
  ["What did 3M's CEO say about supply chain disruptions on the Q2 2021 call?", ["MMM"], call(2021, 2)],
  ["On the Q4 2021 earnings call, what did 3M say about 2022 guidance?", ["MMM"], call(2021, 4)],
  ["What did UnitedHealth say about medical costs on its third-quarter 2021 call?", ["UNH"], call(2021, 3)],
  ["What did Union Pacific say about volumes on the Q3 2021 call?", ["UNP"], call(2021, 3)],
  ["What did Verizon say about wireless subscriber growth on its Q3 2021 earnings call?", ["VZ"], call(2021, 3)],
  ["What did Wells Fargo's management say about the asset cap on the Q3 2021 call?", ["WFC"], call(2021, 3)],
  ["What did Chevron say about capital spending on its Q4 2021 call?", ["CVX"], call(2021, 4)],
  ["What did Salesforce say about guidance on its Q2 fiscal 2022 earnings call?", ["CRM"], call(2022, 2)],
  ["What questions did analysts ask Coca-Cola on the Q3 2021 call?", ["KO"], call(2021, 3)],
  ["What did Home Depot say about inflation on the fourth-quarter 2021 call?", ["HD"], call(2021, 4)],
  ["On IBM's Q4 2021 call, what did they say about Kyndryl?", ["IBM", "KD"], call(2021, 4)],
  ["What did Best Buy's CFO say about margins on the Q3 fiscal 2022 call?", ["BBY"], call(2022, 3)],
  ["What did Verizon say about its C-band spectrum on the Q1 2021 call?", ["VZ"], call(2021, 1)],
  ["Summarize Mastercard's Q2 2021 earnings call.", ["MA"], call(2021, 2)],
]);

const VOCABULARY = kindOf("vocabulary", "vocab", [
  ["What does the P&L say about operating leverage?", []],
  ["Per the cash flow statement, what's free cash flow?", []],
  ["Where is EPS on the income statement?", []],
  ["What's a good ROE for a consumer staples company?", []],
  ["How is EBITDA different from operating income?", []],
  ["What does ROA measure?", []],
  ["What's the difference between GAAP and non-GAAP EPS?", []],
  ["Is SG&A part of operating expenses?", []],
  ["What does the CFO usually say about capex on a call?", []],
  ["What is a healthy current ratio?", []],
  ["What does Nike's P&L say about gross margin?", ["NKE"]],
  ["What is Microsoft's EPS line for the latest fiscal year?", ["MSFT"]],
  ["What's Apple's ROE?", ["AAPL"]],
  ["Per Costco's cash flow statement, what was capex last year?", ["COST"]],
  ["What's PepsiCo's EBIT?", ["PEP"]],
  ["What's Walmart's SG&A as a share of revenue?", ["WMT"]],
  ["What's Oracle's ROA?", ["ORCL"]],
  ["What does the balance sheet say about Verizon's debt?", ["VZ"]],
  ["What does Johnson & Johnson's P&L show for R&D?", ["JNJ"]],
  ["What's Amazon's EBITDA margin?", ["AMZN"]],
  ["How much does the IT budget matter for Adobe's revenue?", ["ADBE"]],
  ["What's Pfizer's ROI on R&D?", ["PFE"]],
  ["What does the P&L tell me about Boeing's losses?", ["BA"]],
  ["Where do I find the EPS line in Coca-Cola's income statement?", ["KO"]],
  ["What does the CEO of Home Depot say about the target for operating margin?", ["HD"]],
  ["How is AI showing up in Nvidia's P&L?", ["NVDA"]],
  ["What's the ROE of Best Buy?", ["BBY"]],
  ["What's the visa fee revenue line in Mastercard's income statement?", ["MA"]],
  ["What's 3M's EBITDA?", ["MMM"]],
  ["What's the COO's role in Tesla's cost structure, per the P&L?", ["TSLA"]],
]);

const CALENDARS = kindOf("calendars", "calendar", [
  ["Compare Nike's and Apple's revenue for the latest fiscal year.", ["NKE", "AAPL"]],
  ["Who has the higher gross margin, Microsoft or Alphabet?", ["MSFT", "GOOGL"]],
  ["Compare Walmart's and Costco's operating margins.", ["WMT", "COST"]],
  ["Oracle vs Salesforce: which grew revenue faster last year?", ["ORCL", "CRM"]],
  ["Compare the net margins of Nike and Procter & Gamble.", ["NKE", "PG"]],
  ["How does Best Buy's latest quarterly revenue compare with Home Depot's?", ["BBY", "HD"]],
  ["Compare Microsoft's and Apple's net income in 2022.", ["MSFT", "AAPL"]],
  ["Which had the higher operating margin in 2023, Nvidia or AMD?", ["NVDA", "AMD"]],
  ["Compare Visa's and Mastercard's revenue growth for the most recent year.", ["V", "MA"]],
  ["Costco vs Walmart: who earned more last quarter?", ["COST", "WMT"]],
  ["Compare Adobe's and Oracle's operating cash flow.", ["ADBE", "ORCL"]],
  ["Compare the gross margins of Apple, Microsoft and Nike.", ["AAPL", "MSFT", "NKE"]],
  ["Which is more profitable, Home Depot or Walmart, by net margin?", ["HD", "WMT"]],
  ["Compare Procter & Gamble's and Coca-Cola's revenue last year.", ["PG", "KO"]],
  ["How does Nvidia's latest revenue compare with Intel's?", ["NVDA", "INTC"]],
  ["Compare the operating income of Salesforce and Microsoft for their latest fiscal years.", ["CRM", "MSFT"]],
  ["Nike vs Best Buy: whose inventory is larger?", ["NKE", "BBY"]],
  ["Compare Apple's and Costco's free cash flow.", ["AAPL", "COST"]],
]);

const RANKING = kindOf("ranking", "rank", [
  ["Which stock has the highest dividend?", [], group],
  ["Which of the consumer staples companies pays the highest dividend?", [], group],
  ["What's the cheapest tech stock?", [], group],
  ["Rank the banks by P/E.", [], group],
  ["Which company has the highest dividend yield?", [], group],
  ["Which is the cheapest stock by price to sales?", [], group],
  ["Top 5 dividend payers for an income investor", [], group],
  ["Which energy stock is the cheapest?", [], group],
  ["Which of Coca-Cola's peers has the highest dividend?", ["KO"], group],
  ["Cheapest stocks in the health care sector", [], group],
  ["Which companies have the lowest P/E?", [], group],
  ["Rank the retailers by dividend yield.", [], group],
  ["Highest dividend among Verizon, Pfizer and Coca-Cola?", ["VZ", "PFE", "KO"]],
  ["Which is cheaper: Apple, Microsoft or Alphabet?", ["AAPL", "MSFT", "GOOGL"]],
  ["Which of Nvidia's peers is cheapest on earnings?", ["NVDA"], group],
  ["Which company grew revenue the fastest last year?", [], group],
]);

const SHOULD_BUY = kindOf("should-buy", "buy", [
  ["Should I buy Apple stock?", ["AAPL"]],
  ["Is Apple a buy after the iPhone 15 launch?", ["AAPL"]],
  ["Should I sell my Apple shares before earnings?", ["AAPL"]],
  ["Is it a good time to invest in Apple?", ["AAPL"]],
  ["Should I buy Microsoft or Apple?", ["MSFT", "AAPL"]],
  ["Is Nike a good investment right now?", ["NKE"]],
  ["Should I add Coca-Cola for the dividend?", ["KO"]],
  ["Would you buy Nvidia at these levels?", ["NVDA"]],
  ["Is Pfizer worth buying after the COVID drop?", ["PFE"]],
  ["Is Apple stock overvalued after its 2023 run?", ["AAPL"]],
  ["Should I buy Verizon for income?", ["VZ"]],
  ["Is Tesla a buy?", ["TSLA"]],
  ["Should I hold Apple through the China slowdown?", ["AAPL"]],
  ["Is Walmart a safe stock to buy now?", ["WMT"]],
]);

const TABLE_ROW = kindOf("table-row", "row", [
  ["What was Nike's provision for restructuring?", ["NKE"]],
  ["How much did Microsoft spend on unearned revenue?", ["MSFT"]],
  ["What are Boeing's customer financing receivables?", ["BA"]],
  ["What was Amazon's fulfillment expense?", ["AMZN"]],
  ["How much is Costco's membership fee revenue?", ["COST"]],
  ["What was Netflix's content amortization?", ["NFLX"]],
  ["What's Verizon's wireless service revenue?", ["VZ"]],
  ["What was 3M's litigation charge?", ["MMM"]],
  ["How much did Pfizer record for acquired in-process R&D?", ["PFE"]],
  ["What was Walmart's membership and other income?", ["WMT"]],
  ["What's Johnson & Johnson's talc reserve?", ["JNJ"]],
  ["What did Best Buy record as restructuring charges?", ["BBY"]],
  ["What's PepsiCo's impairment of intangible assets?", ["PEP"]],
  ["How much was Oracle's cloud services and license support revenue?", ["ORCL"]],
  ["What was Lockheed Martin's pension expense?", ["LMT"]],
  ["What were CVS's opioid litigation charges?", ["CVS"]],
]);

export const AUDIT_QUESTIONS: readonly AuditQuestion[] = z
  .array(auditQuestionSchema)
  .parse([
    ...QUOTES,
    ...VALUATION,
    ...GROWTH,
    ...NAMED_FILING,
    ...CALL_QUARTER,
    ...VOCABULARY,
    ...CALENDARS,
    ...RANKING,
    ...SHOULD_BUY,
    ...TABLE_ROW,
  ]);

/** The seed of the held-out draw; changing it changes which third nobody tunes on. */
const HELD_OUT_SEED = 30;

/** FNV-1a of the seed and the id: a question's draw does not change when others are added. */
function drawOf(id: string): number {
  let hash = 0x811c9dc5;
  for (const char of `${HELD_OUT_SEED}:${id}`) {
    hash ^= char.charCodeAt(0);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash;
}

/** The held-out third, drawn at random (seeded) by id: report it, never tune on it. */
export function isHeldOut(question: Pick<AuditQuestion, "id">): boolean {
  return drawOf(question.id) % 3 === 0;
}
