import AxeBuilder from "@axe-core/playwright";
import { expect, type Page } from "@playwright/test";

/** Stops CSS transitions and animations, so axe reads every element as it looks at rest. */
const NO_MOTION = "*, *::before, *::after { transition: none !important; animation: none !important; }";

/** Runs axe on the page as it is now; any violation fails the test with its rule and elements. */
export async function expectNoAxeViolations(page: Page) {
  // A toast caught while it fades in or out has its text at partial opacity, which axe reads as
  // low contrast (seen in CI): without motion a toast is either fully shown or already invisible.
  await page.addStyleTag({ content: NO_MOTION });
  // Right after a router.refresh() (a save), Next 16 drops the page's <title> for a moment (~0.2 s
  // seen) while the refreshed metadata streams in; axe run then reports "document-title". A page
  // that never gets its title still fails here.
  await expect(page).toHaveTitle(/\S/);
  const results = await new AxeBuilder({ page }).analyze();
  const summary = results.violations.map((violation) => ({
    id: violation.id,
    impact: violation.impact,
    targets: violation.nodes.map((node) => node.target.join(" ")),
  }));
  expect(summary).toEqual([]);
}
