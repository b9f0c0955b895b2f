// Tables printed one cell per line rewritten as page-aligned lines, on tables invented for the test.
import { describe, expect, it } from "vitest";
import { layoutOfCellLines } from "./cell-lines";

const cellLines = (...lines: string[]) => lines.join("\n");
const tableLines = (text: string) => layoutOfCellLines(text).lines.filter((l) => l !== "");

describe("layoutOfCellLines", () => {
  it("keeps the period columns of a header that names every column, change columns between the years", () => {
    const text = cellLines(
      "OPERATING RESULTS",
      "(Dollars in millions)",
      "FISCAL 2025",
      "FISCAL 2024",
      "% CHANGE",
      "FISCAL 2023",
      "% CHANGE",
      "Sales:",
      "Widgets",
      "$",
      "1,250\u00a0",
      "$",
      "1,000",
      "25",
      "%",
      "$",
      "900",
      "11",
      "%",
      "Licensing",
      "(2)",
      "40",
      "(12)",
      "—",
      "30",
      "—",
      "Interest expense (income), net",
      "(4)",
      "15",
      "—",
      "—",
      "n/m",
      "Margin",
      "40.1",
      "%",
      "38.0",
      "%",
      "37.5",
      "%",
      "Total sales",
      "$",
      "1,290",
      "$",
      "988",
      "31",
      "%",
      "$",
      "930",
      "6",
      "%",
      "(1)",
      "Licensing includes royalties from partners and other income that is not part of a segment.",
    );
    expect(tableLines(text)).toEqual([
      "OPERATING RESULTS",
      "(Dollars in millions)",
      "FISCAL 2025   FISCAL 2024   FISCAL 2023",
      "Sales:",
      "Widgets   1,250   1,000   900",
      // "(2)" is the label's footnote mark: without it the row fills the five columns.
      "Licensing (2)   40   (12)   30",
      // "(4)" fills the row as it is: a value.
      "Interest expense (income), net   (4)   15   —",
      // "Margin": three cells for five columns, no telling which; left out.
      "Total sales   1,290   988   930",
    ]);
    // Each line cites the line of the section its row's label is on.
    const layout = layoutOfCellLines(text);
    expect(layout.sourceLine[layout.lines.indexOf("Licensing (2)   40   (12)   30")]).toBe(19);
  });

  it("keeps the leading years when change columns follow them, dropping a page number after the last row", () => {
    const text = cellLines(
      "Expenses",
      "Years Ended",
      "June 30,",
      "2025",
      "2024",
      "%",
      "Change",
      "Operating expenses",
      "$",
      "800.5",
      "$",
      "700.0",
      "14",
      "%",
      "Selling, general and administrative expenses",
      "210.0",
      "200.0",
      "5",
      "%",
      "Total expenses",
      "$",
      "1,010.5",
      "$",
      "900.0",
      "12",
      "%",
      "31",
      "Operating expenses increased because the company sold more widgets during the year than before.",
    );
    expect(tableLines(text)).toEqual([
      "Expenses",
      "Years Ended",
      "June 30,",
      "2025   2024",
      "Operating expenses   800.5   700.0",
      "Selling, general and administrative expenses   210.0   200.0",
      "Total expenses   1,010.5   900.0",
    ]);
  });

  it("joins a date printed over two lines, and a number's closing parenthesis printed after it", () => {
    const text = cellLines(
      "(in thousands)",
      "March 28,",
      "2025",
      "March 30,",
      "2024",
      "Revenue",
      "$",
      "52,000",
      "$",
      "50,000",
      "Restructuring",
      "(1,250",
      ")",
      "—",
      "Hedge losses",
      "(",
      "11",
      ")",
      "(",
      "9",
      ")",
    );
    expect(tableLines(text)).toEqual([
      "(in thousands)",
      "March 28, 2025   March 30, 2024",
      "Revenue   52,000   50,000",
      "Restructuring   (1,250)   —",
      "Hedge losses   (11)   (9)",
    ]);
  });

  it("reads the cells of a table of percentages of its first row as percentages", () => {
    // "(7)" then "%" is a value (no footnote mark takes a "%"); the "37" after the last row, a page number.
    const text = cellLines(
      ...["2025", "2024", "Sales", "100.0", "%", "100.0", "%", "Cost of sales", "61.5", "60.0"],
      ...["Net (loss) income", "(7)", "%", "14", "%", "37", "Table of Contents"],
    );
    expect(tableLines(text)).toEqual([
      "2025   2024",
      "Sales   100.0%   100.0%",
      "Cost of sales   61.5%   60.0%",
      "Net (loss) income   (7)%   14%",
    ]);
  });

  it("writes the section's scale statement above a table that prints none", () => {
    const text = cellLines(
      "Tabular dollars are presented in millions, except per share amounts",
      "Revenues are discussed below in some detail, with the drivers of their growth in each segment.",
      "2025",
      "2024",
      "Total revenues",
      "5,000.5",
      "4,500.0",
      "Net earnings",
      "900.1",
      "800.0",
    );
    expect(tableLines(text)[0]).toBe("Tabular dollars are presented in millions, except per share amounts");
  });

  it("takes a scale stated in the sentence introducing a table for that table alone", () => {
    const text = cellLines(
      "The following table summarizes our cash flows for the years ended May 31 (in millions):",
      "2025",
      "2024",
      "Operating activities",
      "8,000",
      "7,500",
      "Investing activities",
      "(6,000)",
      "(5,500)",
      "Capital expenditures were higher in 2025 because the company bought more aircraft than it planned to.",
      "Stations",
      "2025",
      "2024",
      "United States",
      "410",
      "400",
      "International",
      "220",
      "215",
    );
    const lines = tableLines(text);
    expect(lines[0]).toBe("The following table summarizes our cash flows for the years ended May 31 (in millions):");
    expect(lines.slice(4)).toEqual([
      "Stations",
      "2025   2024",
      "United States   410   400",
      "International   220   215",
    ]);
  });

  it("yields nothing for a table it cannot place or that names no fiscal period", () => {
    // Three years, six cells a row (each year's value and its share of revenue): which are the years'?
    const shares = cellLines(
      "2025",
      "2024",
      "2023",
      "(in millions, except percentages)",
      "Revenue",
      "$",
      "100",
      "100.0",
      "%",
      "$",
      "90",
      "100.0",
      "%",
      "$",
      "80",
      "100.0",
      "%",
      "Cost of revenue",
      "60",
      "60.0",
      "%",
      "55",
      "61.1",
      "%",
      "50",
      "62.5",
      "%",
    );
    // An average over quarters is no fiscal year.
    const average = cellLines(
      "AVERAGE FOR THE TRAILING FIVE QUARTERS ENDED",
      "MAY 31, 2025",
      "MAY 31, 2024",
      "Total debt",
      "1,200",
      "1,100",
      "Shareholders' equity",
      "3,000",
      "2,900",
    );
    // A year in a sentence, its text cut around the numbers.
    const prose = cellLines(
      "Fiscal 2025",
      "On April 28, 2025, the Company acquired",
      "100",
      "% of the shares of Example LLC in exchange for $",
      "2,550",
      "million in cash paid at closing and the remainder due over the next two years.",
    );
    // A scale with an exception the table reader cannot place: which rows are yields?
    const yields = cellLines(
      "(in thousands, except yield amounts)",
      "2025",
      "2024",
      "Average daily packages",
      "5,500",
      "6,200",
      "Revenue per package",
      "23.85",
      "22.56",
    );
    // The same years twice: amounts, then each as a percent of revenue.
    const sideBySide = cellLines(
      "2025",
      "2024",
      "2025",
      "2024",
      "Fuel",
      "5,900",
      "5,100",
      "6.6",
      "5.5",
      "Rent",
      "4,700",
      "4,700",
      "5.3",
      "5.0",
    );
    // An amount and its share of sales under each year, the sub-headers repeated.
    const underEachYear = cellLines(
      ...["July 1, 2025", "July 2, 2024", "Variance", "(millions)", "Amount", "% of Net Sales", "Amount"],
      ...["% of Net Sales", "Amount", "%", "Widgets", "$", "3,600.0", "73.5", "%", "$", "3,550.0", "72.0", "%"],
      ...["$", "50.0", "1.4", "%", "Gadgets", "900.0", "63.4", "%", "880.0", "62.1", "%", "20.0", "2.3", "%"],
    );
    expect([shares, average, prose, yields, sideBySide, underEachYear].map(tableLines)).toEqual([
      [],
      [],
      [],
      [],
      [],
      [],
    ]);
  });

  it("ends a table at a running page head, and does not take a year that labels a row for a header", () => {
    const pageBreak = cellLines(
      "2025",
      "2024",
      "Net sales",
      "500",
      "400",
      "Net earnings",
      "50",
      "40",
      "The Example Company        21",
      "Dividends",
      "10",
      "9",
    );
    expect(tableLines(pageBreak)).toEqual(["2025   2024", "Net sales   500   400", "Net earnings   50   40"]);
    const maturities = cellLines("June 30,", "2025", "2026", "$", "199", "2027", "206", "Total", "$", "405");
    expect(tableLines(maturities)).toEqual([]);
  });
});
