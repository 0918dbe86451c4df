import AxeBuilder from "@axe-core/playwright";
import { expect, type Page } from "@playwright/test";

/** Runs axe on the page as it is now; any violation fails the test with its rule and elements. */
export async function expectNoAxeViolations(page: Page) {
  // A toast caught while it fades in or out has its text at partial opacity, which axe reads as
  // low contrast: let every toast settle (fully shown, or gone) first.
  await page
    .waitForFunction(() => [...document.querySelectorAll("[data-sonner-toast]")].every((toast) => getComputedStyle(toast).opacity === "1"), undefined, {
      timeout: 5_000,
    })
    .catch(() => {});
  const results = await new AxeBuilder({ page }).analyze();
  const summary = results.violations.map((violation) => ({
    id: violation.id,
    impact: violation.impact,
    targets: violation.nodes.map((node) => node.target.join(" ")),
  }));
  expect(summary).toEqual([]);
}
