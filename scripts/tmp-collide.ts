import { parseQuestion } from "@/lib/agent/parse-question";
import { singleCompanies } from "@/lib/agent/schema";
const TERMS = `P&L;P/L;P and L;P & L;PnL;EPS;ROE;ROA;ROI;ROIC;ROCE;ROTCE;EBIT;EBITDA;EBITDAR;EBT;CEO;CFO;COO;CTO;CIO;IT;AI;GAAP;non-GAAP;IFRS;SG&A;R&D;D&A;FCF;UFCF;LFCF;YoY;QoQ;TTM;LTM;NTM;ARPU;NIM;EV;PE;P/E;PEG;P/B;P/S;EV/EBITDA;EV/Sales;CAGR;WACC;CAPM;DCF;NPV;IRR;TSR;NOPAT;FFO;AFFO;NOI;AUM;NAV;CET1;RWA;LCR;NII;NIE;BPS;DPS;CapEx;OpEx;COGS;DSO;DPO;DIO;CCC;ARR;MRR;NRR;GMV;TPV;CAC;LTV;DAU;MAU;ASP;SKU;MD&A;10-K;10-Q;8-K;S-1;IPO;M&A;LBO;SPAC;ESG;CPI;PPI;GDP;FX;OCI;AOCI;PP&E;RSU;SBC;ESPP;EBITDA margin;EPS beat;LIFO;FIFO;OTC;ETF;REIT;MLP;BDC;ADR;YTD;QTD;MTD;H1;H2;1H;2H;FY;CY;Q/Q;Y/Y;bps;NWC;DTA;DTL;ETR;TAM;SAM;KPI;OKR;B2B;B2C;SaaS;IaaS;PaaS;COVID;EMEA;APAC;LATAM;US;UK;EU;USD;target;visa;apple;gap;well;key;now;all;on;it;net;cash;fast;open;real;main;big;pay;earn;grow;run;flow;safe;true;life;good;best;top;low;beat;miss;guide;margin;spread;yield;float;cap;floor;peak;trough;bull;bear;hedge;swap;call;put;option;future;bond;note;loan;lease;asset;equity;debt;credit;rate;core;prime;base;mark;book;ledger;audit;tax;fee;charge;cost;costs;price;value;volume;share;stake;split;merger;deal;spin;carve;gain;loss;dupont;DuPont analysis;Dow;S&P;Nasdaq;Russell;FTSE;Nikkei;Street;Wall Street;Main Street;Fed;Treasury;SEC;FASB;IRS;Moody's;Fitch;Morningstar;Bloomberg;Reuters`.split(";");
const FRAMES = ["what is the {} for the quarter", "{} trend", "how is {} calculated", "the {} line", "{}"];
for (const t of TERMS) for (const v of [t, t.toLowerCase(), t.toUpperCase()]) for (const f of FRAMES) {
  const q = f.replace("{}", v);
  const r = parseQuestion(q, { today: "2026-11-30" });
  const cs = singleCompanies(r);
  if (cs.length) console.log(JSON.stringify(q), cs.map((c) => `${c.ticker}<${c.span?.text}>`).join(","));
}
