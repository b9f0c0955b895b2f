import { expect, test } from "./fixtures";
import { collectConsoleErrors } from "./console-errors";
import { DataPage } from "./pages/data-page";

test.describe("/data", () => {
  test("shows the companies, the metrics catalog, the stored values and the ingest runs", async ({ page }) => {
    const consoleErrors = collectConsoleErrors(page);
    const dataPage = new DataPage(page);
    await dataPage.goto();

    await expect(dataPage.databaseError).toHaveCount(0);
    await expect(dataPage.totals).toBeVisible();

    await expect(dataPage.companiesTable).toBeVisible();
    const apple = dataPage.companyRow("AAPL");
    await expect(apple).toBeVisible();
    await expect(apple).toContainText("Apple");
    expect(await dataPage.companyRows.count()).toBeGreaterThanOrEqual(41);

    await expect(dataPage.metricsTable).toBeVisible();
    expect(await dataPage.metricRows.count()).toBeGreaterThanOrEqual(40);

    expect(await dataPage.totalValue("current-metric-values")).toBeGreaterThan(0);
    expect(await dataPage.totalValue("metric-value-rows")).toBeGreaterThan(0);

    await expect(dataPage.ingestRunsTable).toBeVisible();
    expect(await dataPage.ingestRunRows.count()).toBeGreaterThanOrEqual(1);

    expect(consoleErrors).toEqual([]);
  });
});
