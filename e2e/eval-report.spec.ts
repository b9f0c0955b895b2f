// /data links the latest evaluation report; the report page renders eval/report.md with its SVG charts,
// and the route serves only the report's own files.
import { collectConsoleErrors } from "./console-errors";
import { expect, test } from "./fixtures";

test.describe("/data/eval", () => {
  test("the data page links the report, which shows its figures and charts", async ({ page }) => {
    const consoleErrors = collectConsoleErrors(page);
    await page.goto("/data");
    await page.getByTestId("eval-report-link").click();
    await expect(page).toHaveURL(/\/data\/eval$/);
    const report = page.getByTestId("eval-report");
    await expect(report.getByRole("heading", { name: "FinGround evaluation report" })).toBeVisible();
    await expect(report.getByRole("heading", { name: "grounding" })).toBeVisible();
    await expect(report.locator("td", { hasText: "analyst's numbers traced" })).toBeVisible();
    const chart = report.locator('img[src="/data/eval/grounding-history.svg"]');
    await expect(chart).toBeVisible();
    expect(await chart.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
    expect(consoleErrors).toEqual([]);
  });

  test("serves report.json and the charts, and nothing else", async ({ page }) => {
    const json = await page.request.get("/data/eval/report.json");
    expect(json.status()).toBe(200);
    expect((await json.json()).suites.map((s: { suite: string }) => s.suite)).toContain("grounding");
    const svg = await page.request.get("/data/eval/grounding-history.svg");
    expect(svg.headers()["content-type"]).toBe("image/svg+xml");
    expect(svg.headers()["content-security-policy"]).toMatch(/script-src 'self' 'nonce-[^']+' 'strict-dynamic'/);
    for (const name of ["thresholds.json", "..%2Fpackage.json", "%2e%2e%2fREADME.md", "charts%2Fagent-history.svg"])
      expect((await page.request.get(`/data/eval/${name}`)).status(), name).toBe(404);
  });
});
