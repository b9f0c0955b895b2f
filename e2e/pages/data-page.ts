import type { Locator, Page } from "@playwright/test";

export class DataPage {
  readonly totals: Locator;
  readonly companiesTable: Locator;
  readonly companyRows: Locator;
  readonly metricsTable: Locator;
  readonly metricRows: Locator;
  readonly ingestRunsTable: Locator;
  readonly ingestRunRows: Locator;
  readonly databaseError: Locator;
  readonly emptyDatabase: Locator;

  constructor(readonly page: Page) {
    this.totals = page.getByTestId("data-totals");
    this.companiesTable = page.getByTestId("companies-table");
    this.companyRows = this.companiesTable.locator('tbody tr[data-testid^="company-row-"]');
    this.metricsTable = page.getByTestId("metrics-table");
    this.metricRows = this.metricsTable.locator('tbody tr[data-testid^="metric-row-"]');
    this.ingestRunsTable = page.getByTestId("ingest-runs-table");
    this.ingestRunRows = this.ingestRunsTable.locator('tbody tr[data-testid^="ingest-run-row-"]');
    this.databaseError = page.getByTestId("database-error");
    this.emptyDatabase = page.getByTestId("empty-database");
  }

  async goto(): Promise<void> {
    await this.page.goto("/data");
  }

  companyRow(ticker: string): Locator {
    return this.page.getByTestId(`company-row-${ticker}`);
  }

  /** The raw number behind a total card, read from data-value so formatting never matters. */
  async totalValue(
    name: "companies" | "metrics" | "current-metric-values" | "metric-value-rows" | "daily-prices" | "ingest-runs",
  ): Promise<number> {
    const value = await this.page.getByTestId(`total-${name}`).getAttribute("data-value");
    return Number(value);
  }
}
