import { readFile } from "node:fs/promises";
import path from "node:path";
import { gzipSync } from "node:zlib";
import AxeBuilder from "@axe-core/playwright";
import { expect, type Page, test } from "@playwright/test";
import { openWidgetAs, say, waitForQuote, widgetFrame } from "./support/widget";

/*
 * The loader's weight, accessibility (axe, keyboard, focus) and fit at 360 px, and the
 * screenshot of the widget.
 */

test.describe.configure({ timeout: 120_000 });

const LOADER_LIMIT_BYTES = 15 * 1024;

async function expectNoSeriousViolations(page: Page, label: string) {
  const results = await new AxeBuilder({ page }).analyze();
  const serious = results.violations.filter(
    (violation) => violation.impact === "serious" || violation.impact === "critical",
  );
  expect(
    serious.map((violation) => `${violation.id}: ${violation.help}`),
    label,
  ).toEqual([]);
}

test("the loader is at most 15 KiB gzipped and loads no chat until the launcher is clicked", async ({
  page,
  request,
}) => {
  const file = await readFile(path.resolve(import.meta.dirname, "../public/widget.js"));
  expect(gzipSync(file).length).toBeLessThanOrEqual(LOADER_LIMIT_BYTES);
  const served = await request.get("/widget.js");
  expect(served.status()).toBe(200);
  expect(gzipSync(await served.body()).length).toBeLessThanOrEqual(LOADER_LIMIT_BYTES);

  const widgetRequests: string[] = [];
  page.on("request", (sent) => {
    if (new URL(sent.url()).pathname.startsWith("/widget?") || sent.url().includes("/api/widget"))
      widgetRequests.push(sent.url());
  });
  await page.goto("/demo");
  await expect(page.getByRole("button", { name: "Chat with us" })).toBeVisible();
  await expect(page.locator("iframe")).toHaveCount(0);
  expect(widgetRequests).toEqual([]);
});

test("axe finds no serious or critical problems on the launcher, the identity step and a quote card", async ({
  page,
}) => {
  await page.goto("/demo");
  await expect(page.getByRole("button", { name: "Chat with us" })).toBeVisible();
  await expectNoSeriousViolations(page, "launcher");

  await page.goto("/widget?workspace=demo-shop");
  await expect(page.getByLabel("Email address")).toBeVisible();
  await expectNoSeriousViolations(page, "identity step");

  const { frame } = await openWidgetAs(page, "Sam Rivera");
  await say(frame, "The wool socks are too small.");
  await waitForQuote(frame, "$12.60");
  // The panel on its own: the session cookie carries over to the widget page.
  await page.goto("/widget?workspace=demo-shop");
  await expect(page.getByRole("button", { name: "Confirm refund of $12.60" })).toBeVisible({
    timeout: 30_000,
  });
  await expectNoSeriousViolations(page, "chat with a quote card");
});

test("keyboard only: focus moves into the panel on open and back to the launcher on close", async ({
  page,
}) => {
  await openWidgetAs(page, "Maya Chen");
  const frame = widgetFrame(page);
  await frame.getByRole("button", { name: "Close chat" }).click();
  const launcher = page.getByRole("button", { name: "Chat with us" });
  await expect(launcher).toBeFocused();
  await expect(launcher).toHaveAttribute("aria-expanded", "false");

  await page.keyboard.press("Enter");
  await expect(frame.getByLabel("Your message")).toBeFocused();
  await page.keyboard.press("Escape");
  await expect(launcher).toBeFocused();
  await expect(page.locator('iframe[title="Chat with support"]')).toBeHidden();
});

test("at 360 px the panel fills the screen without sideways scrolling", async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 740 });
  const { frame } = await openWidgetAs(page, "Sam Rivera");
  const box = await page.locator('iframe[title="Chat with support"]').boundingBox();
  expect(box?.width).toBe(360);
  await say(frame, "The rain jacket is too big.");
  await waitForQuote(frame, "$80.10");
  const overflow = await frame
    .locator("html")
    .evaluate((html) => html.scrollWidth - html.clientWidth);
  expect(overflow).toBeLessThanOrEqual(0);
});

test("the screenshot of the widget in docs/widget.md", async ({ page }) => {
  await page.setViewportSize({ width: 1100, height: 760 });
  const { frame } = await openWidgetAs(page, "Sam Rivera");
  await say(frame, "The wool socks are too small.");
  await waitForQuote(frame, "$12.60");
  await page.screenshot({
    path: path.resolve(import.meta.dirname, "../docs/screenshots/widget.png"),
  });
});
