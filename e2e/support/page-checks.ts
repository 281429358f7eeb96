import AxeBuilder from "@axe-core/playwright";
import { expect, type Page } from "@playwright/test";

/* Checks every staff or customer page is held to: no sideways scroll, nothing axe finds. */

export const PHONE = { width: 390, height: 844 };
export const DESKTOP = { width: 1440, height: 900 };

export async function expectNoSidewaysScroll(page: Page, label = "the page"): Promise<void> {
  const { scrollWidth, clientWidth } = await page.evaluate(() => {
    const root = document.scrollingElement ?? document.documentElement;
    return { scrollWidth: root.scrollWidth, clientWidth: root.clientWidth };
  });
  expect(scrollWidth, `${label}: the page scrolls sideways`).toBeLessThanOrEqual(clientWidth);
}

export async function expectNoAxeViolations(page: Page, label = "axe"): Promise<void> {
  const results = await new AxeBuilder({ page }).analyze();
  expect(
    results.violations.map(
      (violation) =>
        `${violation.id}: ${violation.help} (${violation.nodes.map((node) => node.target.join(" ")).join(", ")})`,
    ),
    label,
  ).toEqual([]);
}
