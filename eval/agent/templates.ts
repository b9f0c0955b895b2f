// Query templates for the generated evaluation set, in the spirit of FinBloom's Financial Context
// Dataset: investor questions with slots that eval/agent/generate.ts fills from the catalog.
//
// Slots: {c1} {c2} {c3} a company (ticker, name, alias, brand, any case), {c1's} its possessive;
// {m1} {m2} {m3} a metric (a catalog metric's name or alias, or an everyday word for one); {date} a date
// expression with its preposition, or nothing; {n} a count ("5", "ten"); {sector} an industry word
// that names no catalog company ("semiconductor", "big tech").
//
// Each template states the intent its own words ask for (see LABELLING.md for the precedence):
//   invest > explain > compare (said outright) > rank > than (implied comparison: "than", "higher",
//   two or more companies) > trend > lookup.
// The generator settles the final gold intent from this, the number of companies and the dates
// (a lookup over several periods is a trend; a lookup naming two companies is a comparison).

export type TemplateIntent = "invest" | "explain" | "compare" | "rank" | "than" | "trend" | "lookup";

/** Which metrics a {m} slot draws from: any; financial statements only; market data only. */
export type MetricPool = "any" | "fin" | "price";

/** Which date expressions a {date} slot draws from. */
export type DateClass = "any" | "single" | "multi" | "price" | "fiscal" | "none";

export interface Template {
  id: string;
  category: string;
  text: string;
  intent: TemplateIntent;
  metricPool: MetricPool;
  dateClass: DateClass;
  /** Metrics the template's own words name ("stock price", "trading at", "market cap"). */
  implied: readonly string[];
  /** No metric named: the question implies the default metrics (see LABELLING.md). */
  defaults: "overview" | "invest" | null;
}

type Options = Partial<Pick<Template, "metricPool" | "dateClass" | "implied" | "defaults">>;

const TEMPLATES_BUILT: Template[] = [];

function add(category: string, intent: TemplateIntent, options: Options, texts: readonly string[]): void {
  texts.forEach((text) => {
    const n = TEMPLATES_BUILT.filter((t) => t.category === category).length + 1;
    TEMPLATES_BUILT.push({
      id: `${category}-${String(n).padStart(2, "0")}`,
      category,
      text,
      intent,
      metricPool: options.metricPool ?? "any",
      dateClass: options.dateClass ?? "any",
      implied: options.implied ?? [],
      defaults: options.defaults ?? null,
    });
  });
}

// ---- lookups: one company, one metric ----
add("lookup", "lookup", {}, [
  "What was {c1's} {m1} {date}?",
  "What is {c1's} {m1} {date}?",
  "What were {c1's} {m1} {date}?",
  "{c1's} {m1} {date}",
  "{c1} {m1} {date}",
  "{m1} of {c1} {date}",
  "{m1} for {c1} {date}",
  "Show me {c1's} {m1} {date}",
  "Show {c1} {m1} {date}",
  "Give me the {m1} of {c1} {date}",
  "What did {c1} report as {m1} {date}?",
  "Can you tell me {c1's} {m1} {date}?",
  "I need {c1's} {m1} {date}",
  "Pull up the {m1} for {c1} {date}",
  "Look up {c1's} {m1} {date}",
  "Find the {m1} of {c1} {date}",
  "What {m1} did {c1} post {date}?",
  "What was the {m1} reported by {c1} {date}?",
  "Please give {c1's} {m1} {date}",
  "{m1} {c1} {date}",
  "{c1} - {m1} - {date}",
  "{c1}: {m1} {date}",
  "what's {c1's} {m1} {date}",
  "whats {c1} {m1} {date}",
  "Tell me the {m1} of {c1} {date}",
  "Could you fetch {c1's} {m1} {date}?",
  "{c1's} reported {m1} {date}",
  "Do you have {c1's} {m1} {date}?",
  "How much was {c1's} {m1} {date}?",
  "Get {c1} {m1} {date}",
  "{c1} {m1} number {date}",
  "{c1} {m1} data {date}",
  "What's {c1's} {m1} looking like {date}?",
  "Can I see the {m1} of {c1} {date}?",
  "I'd like to know {c1's} {m1} {date}",
  "Need the {m1} for {c1} {date} please",
  "Quick question: what was {c1's} {m1} {date}?",
  "hey, {c1} {m1} {date}?",
  "{c1's} {m1} {date}, please",
  "Display {c1's} {m1} {date}",
  "What was the {m1} at {c1} {date}?",
  "Which {m1} did {c1} report {date}?",
  "What's the {m1} figure for {c1} {date}?",
  "{m1} reported by {c1} {date}",
  "Give {c1} {m1} {date}",
  "List {c1's} {m1} {date}",
  "what was {c1} {m1} {date}",
  "{c1} {m1} {date}??",
  "How large was {c1's} {m1} {date}?",
  "Tell me {c1's} {m1} {date}",
]);
add("lookup-fin", "lookup", { metricPool: "fin" }, [
  "How much {m1} did {c1} report {date}?",
  "How much {m1} did {c1} have {date}?",
  "How much did {c1} report in {m1} {date}?",
  "What amount of {m1} did {c1} report {date}?",
  "From {c1's} filings, what was its {m1} {date}?",
  "According to the 10-K, what was {c1's} {m1} {date}?",
  "In its filings, how much {m1} did {c1} show {date}?",
  "What did {c1's} financial statements show for {m1} {date}?",
  "{c1's} {m1} per its filing {date}",
  "How much {m1} was on {c1's} books {date}?",
]);
add("lookup-date-first", "lookup", { dateClass: "single" }, [
  "{date}, what was {c1's} {m1}?",
  "{date} {m1} for {c1}",
  "{date}: {c1} {m1}",
  "{date} {c1} {m1}",
  "{date}, how much {m1} did {c1} report?",
  "{date} - {c1's} {m1}",
]);
add("lookup-latest", "lookup", { dateClass: "none" }, [
  "What's the latest {m1} for {c1}?",
  "{c1's} most recent {m1}",
  "Latest {m1} for {c1}",
  "What is {c1's} {m1} right now?",
  "{c1} {m1} latest",
  "Most recent {m1} reported by {c1}",
]);
add("lookup-fiscal", "lookup", { dateClass: "fiscal" }, [
  "What was {c1's} {m1} {date}?",
  "{c1} {m1} {date}",
  "{c1's} {m1} {date} per its own fiscal calendar",
  "How much {m1} did {c1} report {date}?",
  "{m1} of {c1} {date}",
  "Give me {c1's} {m1} {date}",
]);

// ---- terse, keyword-style ----
add("terse", "lookup", {}, [
  "{c1} {m1}",
  "{c1} {m1}?",
  "{c1's} {m1}?",
  "{m1} {c1}",
  "{c1} {date} {m1}",
  "{c1}, {m1}, {date}",
  "{m1}: {c1} {date}",
  "{m1} {date} {c1}",
  "{c1} {m1} {date} pls",
  "{c1} {m1} {date} thx",
  "{m1} - {c1} {date}",
  "{c1} | {m1} | {date}",
  "{c1} {m1}, {date}",
  "{c1} {m1} pls",
  "{c1} {date}: {m1}",
  "{m1} {c1}?",
  "{c1} => {m1} {date}",
  "{c1} re {m1} {date}",
  "{m1} ({c1}) {date}",
  "{c1} {m1} {date} ?",
  "{c1} {m1} {date} thanks",
  "{c1} :: {m1} {date}",
  "{c1} {m1} {date} asap",
  "{m1} for {c1}",
  "{c1} {m1} {date} plz",
]);

// ---- price questions ----
add("price", "lookup", { metricPool: "price", dateClass: "price" }, [
  "{c1's} {m1} {date}",
  "What was the {m1} for {c1} {date}?",
  "{c1} {m1} {date}",
  "Show {c1's} {m1} {date}",
  "What was {c1's} {m1} {date}?",
  "Give me the {m1} of {c1} {date}",
  "{m1} of {c1} {date}",
  "{c1}: {m1} {date}",
]);
add("price-close", "lookup", { metricPool: "price", dateClass: "price", implied: ["price_close"] }, [
  "What was {c1's} stock price {date}?",
  "{c1} stock price {date}",
  "{c1} share price {date}",
  "What did {c1} close at {date}?",
  "Where did {c1} close {date}?",
  "What is {c1} trading at {date}?",
  "How much is {c1} stock {date}?",
  "{c1} closing price {date}",
  "Price of {c1} {date}",
  "{c1} stock {date}",
  "What was the closing price of {c1} {date}?",
  "{c1} quote {date}",
  "How did {c1} stock move {date}?",
  "What price did {c1} trade at {date}?",
  "Where was {c1's} share price {date}?",
  "{c1's} stock price {date}",
  "What did {c1's} stock close at {date}?",
]);
const PRICE_IMPLIED: ReadonlyArray<readonly [string, readonly string[]]> = [
  ["How many shares of {c1} traded {date}?", ["volume"]],
  ["What was the trading volume of {c1} {date}?", ["volume"]],
  ["{c1's} daily high and low {date}", ["price_high", "price_low"]],
  ["{c1's} intraday high {date}", ["price_high"]],
  ["{c1's} opening price and closing price {date}", ["price_open", "price_close"]],
  ["{c1} adjusted close {date}", ["price_adj_close"]],
  ["What was {c1's} market cap {date}?", ["market_cap_at_close"]],
  ["{c1} market capitalization {date}", ["market_cap_at_close"]],
  ["What's the market cap of {c1} {date}?", ["market_cap_at_close"]],
  ["{c1} P/E ratio {date}", ["pe_ratio_ttm"]],
  ["What is {c1's} price to earnings ratio {date}?", ["pe_ratio_ttm"]],
  ["{c1} dividend yield {date}", ["dividend_yield_ttm"]],
];
for (const [text, implied] of PRICE_IMPLIED)
  add("price-other", "lookup", { metricPool: "price", dateClass: "price", implied }, [text]);

// ---- several metrics, one company ----
add("multi-metric", "lookup", {}, [
  "{c1's} {m1} and {m2} {date}",
  "What were {c1's} {m1} and {m2} {date}?",
  "Show {m1}, {m2} and {m3} for {c1} {date}",
  "{c1} {m1}, {m2}, {m3} {date}",
  "Give me {c1's} {m1} as well as its {m2} {date}",
  "{c1}: {m1} & {m2} {date}",
  "{m1} and {m2} of {c1} {date}",
  "List {c1's} {m1} and {m2} {date}",
  "Both {m1} and {m2} for {c1} {date}",
  "{c1} {m1} plus {m2} {date}",
  "What were the {m1}, {m2}, and {m3} of {c1} {date}?",
  "{c1's} {m1}, {m2} {date}",
  "I want {c1's} {m1} and also the {m2} {date}",
  "{m1} / {m2} for {c1} {date}",
]);
add("multi-metric-fin", "lookup", { metricPool: "fin" }, [
  "How much {m1} and {m2} did {c1} report {date}?",
  "{c1's} {m1} along with {m2} {date}",
  "From {c1's} filings: {m1}, {m2} and {m3} {date}",
]);
add("multi-metric-compare", "compare", {}, [
  "{c1's} {m1} vs {m2} {date}",
  "Compare {c1's} {m1} to its {m2} {date}",
  "{c1}: {m1} versus {m2} {date}",
]);
add("multi-metric-trend", "trend", {}, [
  "{c1's} {m1}, {m2} and {m3} trend {date}",
  "How have {c1's} {m1} and {m2} changed {date}?",
]);

// ---- comparisons: two companies ----
add("compare2", "compare", {}, [
  "Compare {c1} and {c2} {m1} {date}",
  "Compare {c1's} {m1} with {c2's} {date}",
  "Compare the {m1} of {c1} and {c2} {date}",
  "{c1} vs {c2} {m1} {date}",
  "{c1} vs. {c2}: {m1} {date}",
  "{c1} versus {c2} {m1} {date}",
  "{m1}: {c1} vs {c2} {date}",
  "{c1's} {m1} compared to {c2's} {date}",
  "{c1's} {m1} compared with {c2} {date}",
  "How does {c1's} {m1} compare to {c2's} {date}?",
  "How does {c1} stack up against {c2} on {m1} {date}?",
  "{c1} against {c2}: {m1} {date}",
  "Difference between {c1} and {c2} in {m1} {date}",
  "How do {c1} and {c2} compare on {m1} {date}?",
  "{c1} relative to {c2} on {m1} {date}",
  "Head to head: {c1} and {c2} {m1} {date}",
  "compare {c1} {c2} {m1} {date}",
  "{c1} v {c2} {m1} {date}",
  "{c1} vs {c2} {date} {m1}",
  "Comparison of {c1} and {c2} {m1} {date}",
  "{m1} comparison {c1} {c2} {date}",
  "Can you compare {c1} to {c2} by {m1} {date}?",
  "{c1} or {c2}? Compare their {m1} {date}",
  "Compare {c1} with {c2}: {m1} and {m2} {date}",
  "{c1} vs {c2} {m1} and {m2} {date}",
]);
add("compare2-price", "compare", { metricPool: "price", dateClass: "price", implied: ["price_close"] }, [
  "{c1} vs {c2} stock price {date}",
  "Compare {c1} and {c2} share price {date}",
  "How did {c1} stock do against {c2} stock {date}?",
]);
add("compare2-than", "than", {}, [
  "Which had higher {m1} {date}, {c1} or {c2}?",
  "Did {c1} have higher {m1} than {c2} {date}?",
  "Is {c1's} {m1} bigger than {c2's} {date}?",
  "Was {c1's} {m1} lower than {c2's} {date}?",
  "Does {c1} report more {m1} than {c2} {date}?",
  "Is {c1's} {m1} larger than that of {c2} {date}?",
  "{c1} has better {m1} than {c2} {date}?",
  "Did {c1} outperform {c2} on {m1} {date}?",
]);
add("compare2-implied", "lookup", {}, [
  "{c1} or {c2}: which had more {m1} {date}?",
  "{c1} and {c2} {m1} {date}",
  "{c1's} and {c2's} {m1} {date}",
  "Show {m1} for {c1} and {c2} {date}",
  "{m1} of {c1} and {c2} {date}",
  "Side by side: {c1} and {c2} {m1} {date}",
  "{c1} {c2} {m1} {date}",
  "Is {c1} ahead of {c2} in {m1} {date}?",
  "Who reported more {m1} {date}, {c1} or {c2}?",
  "{m1} {date} for {c1} & {c2}",
  "{c1}/{c2} {m1} {date}",
  "what were {c1} and {c2} {m1} {date}",
]);

// ---- comparisons: three companies ----
add("compare3", "compare", {}, [
  "Compare {c1}, {c2} and {c3} {m1} {date}",
  "{c1} vs {c2} vs {c3} {m1} {date}",
  "How do {c1}, {c2} and {c3} compare on {m1} {date}?",
  "Compare the {m1} of {c1}, {c2}, and {c3} {date}",
  "{c1} versus {c2} versus {c3} on {m1} {date}",
  "{m1}: {c1} vs {c2} vs {c3} {date}",
  "compare {c1} {c2} {c3} {m1} {date}",
]);
add("compare3-implied", "lookup", {}, [
  "{m1} for {c1}, {c2} and {c3} {date}",
  "{c1}, {c2}, {c3}: {m1} {date}",
  "Show {c1's}, {c2's} and {c3's} {m1} {date}",
  "{c1}, {c2} or {c3}: who has more {m1} {date}?",
  "Put {c1}, {c2} and {c3} side by side on {m1} {date}",
  "{c1} {c2} {c3} {m1} {date}",
]);

// ---- trends ----
add("trend", "trend", {}, [
  "How has {c1's} {m1} changed {date}?",
  "Show the trend in {c1's} {m1} {date}",
  "{c1} {m1} trend {date}",
  "{c1} {m1} growth {date}",
  "Has {c1's} {m1} grown {date}?",
  "Is {c1's} {m1} increasing {date}?",
  "{c1} {m1} y/y {date}",
  "{c1} {m1} yoy {date}",
  "{c1} {m1} qoq {date}",
  "Plot {c1's} {m1} over time",
  "{c1's} {m1} history",
  "Historical {m1} for {c1} {date}",
  "How did {c1's} {m1} evolve {date}?",
  "Did {c1's} {m1} rise or fall {date}?",
  "Track {c1's} {m1} year over year {date}",
  "{c1} {m1} trajectory {date}",
  "Is {c1's} {m1} declining {date}?",
  "How fast is {c1's} {m1} growing?",
  "{c1's} {m1} growth rate {date}",
  "What is the trend of {c1's} {m1} {date}?",
  "Has {c1's} {m1} dropped {date}?",
  "{m1} growth at {c1} {date}",
  "Trend of {m1} for {c1} {date}",
  "{c1} {m1} over time {date}",
  "How has {m1} at {c1} trended {date}?",
]);
add("trend-range", "lookup", { dateClass: "multi" }, [
  "Chart {c1's} {m1} {date}",
  "{c1's} {m1} {date}",
  "{c1} quarterly {m1} {date}",
  "{c1} annual {m1} {date}",
  "Show {c1's} {m1} {date}",
  "{m1} for {c1} {date}",
  "What was {c1's} {m1} {date}?",
  "Give me {c1's} {m1} for each period {date}",
  "{c1} {m1} {date}",
  "Pull {c1's} {m1} {date}",
  "Table of {c1's} {m1} {date}",
  "{c1's} {m1} by year {date}",
]);

// ---- rankings ----
add("rank", "rank", {}, [
  "Top {n} companies by {m1} {date}",
  "Which company had the highest {m1} {date}?",
  "Which {sector} company had the highest {m1} {date}?",
  "Rank the {sector} companies by {m1} {date}",
  "Bottom {n} {sector} companies by {m1} {date}",
  "Which {sector} company has the lowest {m1} {date}?",
  "Top {n} {sector} stocks by {m1} {date}",
  "Largest {sector} companies by {m1} {date}",
  "Who had the biggest {m1} {date}?",
  "Which company reported the most {m1} {date}?",
  "Rank companies by {m1} {date}",
  "Top {n} by {m1} {date}",
  "Which {sector} names have the highest {m1} {date}?",
  "List the top {n} {sector} companies ranked by {m1} {date}",
  "Best {sector} company by {m1} {date}",
  "Who are the leaders in {m1} among {sector} companies {date}?",
  "Which company had the smallest {m1} {date}?",
  "Worst {n} companies by {m1} {date}",
  "Highest {m1} {date} among {sector} firms",
  "Which {sector} company grew {m1} the fastest {date}?",
]);
add("rank-named", "rank", {}, [
  "Rank {c1}, {c2} and {c3} by {m1} {date}",
  "Of {c1}, {c2} and {c3}, which has the highest {m1} {date}?",
  "Which of {c1}, {c2} or {c3} had the lowest {m1} {date}?",
  "{c1}, {c2} and {c3} ranked by {m1} {date}",
  "Among {c1}, {c2} and {c3}, who had the largest {m1} {date}?",
  "Which one of {c1}, {c2}, {c3} reported the most {m1} {date}?",
  "Ranking of {c1}, {c2} and {c3} on {m1} {date}",
  "Who is the leader in {m1} {date}: {c1}, {c2} or {c3}?",
]);

// ---- investment questions ----
add("invest", "invest", { defaults: "invest", dateClass: "none" }, [
  "Should I invest in {c1}?",
  "Should I buy {c1}?",
  "Is {c1} a good investment?",
  "Is {c1} worth buying?",
  "Is {c1} undervalued?",
  "Is {c1} overvalued?",
  "Should I sell {c1}?",
  "Is {c1} a buy or a sell?",
  "Should I put money into {c1}?",
  "should i buy {c1} now",
  "Is it worth investing in {c1}?",
  "Should we hold {c1}?",
  "Would {c1} be a smart investment?",
  "Is {c1} a good long-term investment?",
]);
add("invest-stock", "invest", { defaults: "invest", dateClass: "none", implied: ["price_close"] }, [
  "Is {c1} stock a good buy?",
  "Is {c1} a safe stock to own?",
  "Should I buy {c1} stock?",
]);
add("invest-two", "invest", { defaults: "invest", dateClass: "none" }, [
  "Should I buy {c1} or {c2}?",
  "Which is a better investment, {c1} or {c2}?",
  "Is {c1} a better buy than {c2}?",
  "Should I invest in {c1} or {c2}?",
]);
add("invest-metric", "invest", {}, [
  "Is {c1} overvalued given its {m1} {date}?",
  "Should I invest in {c1} given its {m1} {date}?",
  "Is {c1} a good investment based on {m1} {date}?",
  "Is it worth investing in {c1} with {m1} like that {date}?",
  "Should I buy {c1} after its {m1} {date}?",
  "Is {c1} undervalued based on its {m1}?",
  "Would {c1} be a good buy considering its {m1} {date}?",
  "Should I sell {c1} because of its {m1} {date}?",
]);

// ---- peers and sectors (peers and sectors are not resolvable yet: only named companies count) ----
add("peers", "compare", {}, [
  "How does {c1} compare to its peers on {m1} {date}?",
  "{c1} vs peers: {m1} {date}",
  "{c1's} {m1} relative to its industry {date}",
  "How does {c1's} {m1} stack up against competitors {date}?",
  "Compare {c1's} {m1} with the {sector} sector average {date}",
  "{c1} versus the {sector} group on {m1} {date}",
  "Compare {c1} with other {sector} companies by {m1} {date}",
]);
add("peers-than", "than", {}, [
  "Is {c1's} {m1} higher than the {sector} average {date}?",
  "Which {sector} companies have higher {m1} than {c1} {date}?",
  "Is {c1's} {m1} lower than its peers' {date}?",
]);
add("peers-rank", "rank", {}, [
  "Where does {c1} rank in {m1} among {sector} companies {date}?",
  "Rank {c1} among {sector} peers by {m1} {date}",
  "Is {c1} the leader in {m1} among {sector} companies {date}?",
]);

// ---- explanations ----
add("explain", "explain", {}, [
  "Why did {c1's} {m1} fall {date}?",
  "Why did {c1's} {m1} drop {date}?",
  "What drove {c1's} {m1} {date}?",
  "What caused the change in {c1's} {m1} {date}?",
  "Explain {c1's} {m1} {date}",
  "Explain the decline in {c1's} {m1} {date}",
  "What is behind {c1's} {m1} {date}?",
  "Reasons for {c1's} {m1} decline {date}",
  "How come {c1's} {m1} went up {date}?",
  "Why did {c1} report lower {m1} {date}?",
  "Why is {c1's} {m1} so weak {date}?",
  "What drove the increase in {c1's} {m1} {date}?",
  "Why was {c1's} {m1} up {date}?",
  "Can you explain why {c1's} {m1} changed {date}?",
  "Why did {c1's} {m1} grow {date}?",
  "Why did {c1} and {c2} see different {m1} {date}?",
]);

// ---- overviews: no metric named ----
add("overview", "lookup", { defaults: "overview" }, [
  "How is {c1} doing {date}?",
  "How is {c1} doing?",
  "Tell me about {c1}",
  "Give me an overview of {c1} {date}",
  "{c1} performance {date}",
  "Summarize {c1's} financials {date}",
  "What about {c1}?",
  "How's {c1} been performing {date}?",
  "Quick snapshot of {c1} {date}",
  "{c1's} fundamentals {date}",
  "{c1}?",
  "{c1} {date}",
  "how's {c1} doing",
  "Summary of {c1} {date}",
  "How has {c1} performed {date}?",
]);
add("overview-two", "lookup", { defaults: "overview" }, [
  "How are {c1} and {c2} doing {date}?",
  "Tell me about {c1} and {c2}",
]);
add("overview-vs", "compare", { defaults: "overview" }, ["{c1} vs {c2} performance {date}"]);

export const TEMPLATES: readonly Template[] = TEMPLATES_BUILT;

export const SECTORS: readonly string[] = [
  "tech",
  "big tech",
  "semiconductor",
  "software",
  "bank",
  "retail",
  "pharma",
  "oil",
  "energy",
  "payments",
  "beverage",
  "aerospace",
  "telecom",
  "restaurant",
  "railroad",
  "chip",
  "consumer staples",
  "defense",
];

/** Cue words of each intent, by the labelling rules (not the parser's lists): a template's own words
 * must ask for exactly the intent it declares (checked by scripts/eval-agent.test.ts). */
const INTENT_CUES: ReadonlyArray<readonly [TemplateIntent, RegExp]> = [
  [
    "invest",
    /\b(should (i|we) (invest|buy|sell|hold|put)|invest(ing|ment)?|good buy|better buy|worth (buying|investing)|undervalued|overvalued|buy or a sell|safe stock|smart investment)\b/i,
  ],
  ["explain", /\b(why|explain|what drove|what caused|what is behind|reasons for|how come)\b/i],
  [
    "compare",
    /\b(compare[ds]?|comparison|vs\.?|versus|v|against|relative to|head to head|difference between|stack up)\b/i,
  ],
  [
    "rank",
    /\b(top|bottom|highest|lowest|largest|biggest|smallest|most(?! recent)|best|worst|fastest|rank(ed|ing)?|leaders?)\b/i,
  ],
  ["than", /\b(than|higher|lower|bigger|larger|better|outperform)\b/i],
  [
    "trend",
    /\b(trend(ed)?|over time|growth|grow(n|ing)?|grew|changed?|increas(e|ing)|declin(e|ing)|rise|fall|drop(ped)?|history|historical|evolve|trajectory|y\/y|yoy|qoq|year over year)\b/i,
  ],
];

const PRECEDENCE: readonly TemplateIntent[] = ["invest", "explain", "compare", "rank", "than", "trend", "lookup"];

/** The intent a template's fixed words ask for, by the precedence of the labelling rules. */
export function cueIntent(text: string): TemplateIntent {
  const words = text.replace(/\{[^}]+\}/g, " ");
  for (const intent of PRECEDENCE) {
    const cue = INTENT_CUES.find(([i]) => i === intent)?.[1];
    if (cue?.test(words)) return intent;
  }
  return "lookup";
}
