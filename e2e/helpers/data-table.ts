import { expect, type Locator, type Page } from "@playwright/test";

/**
 * A list of the shared data table as a phone shows it: the same table, its header row hidden and
 * each row a card with every value under its column's name, nothing wider than the 375 px screen.
 * Returns the table.
 */
export async function expectPhoneCards(page: Page, caption: string): Promise<Locator> {
  const table = page.getByRole("table", { name: caption });
  await expect(table.locator("thead")).toBeHidden();
  const firstRow = table.locator("tbody > tr").first();
  await expect(firstRow).toBeVisible();
  const card = await firstRow.evaluate((row) => ({
    display: getComputedStyle(row).display,
    labels: Array.from(row.querySelectorAll<HTMLElement>("td[data-label]"))
      .filter((cell) => getComputedStyle(cell).display !== "none")
      .map((cell) => ({ column: cell.dataset.label, shown: getComputedStyle(cell, "::before").content })),
  }));
  expect(card.display).toBe("block");
  expect(card.labels.length).toBeGreaterThan(0);
  expect(card.labels).toEqual(card.labels.map(({ column }) => ({ column, shown: JSON.stringify(column) })));
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  return table;
}
