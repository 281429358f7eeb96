import { expect, test } from "@playwright/test";
import { widgetFrame } from "./support/widget";

/*
 * Opening the chat from the keyboard puts the keyboard in the chat: a person who pressed Enter
 * on the launcher types their message next, without reaching for the mouse.
 */
test("opening the chat from the keyboard moves focus into it, and Escape brings it back", async ({
  page,
}) => {
  await page.goto("/demo");
  await page.getByRole("button", { name: "Shop as Maya Chen" }).click();
  const launcher = page.getByRole("button", { name: "Chat with us" });
  await launcher.focus();
  await page.keyboard.press("Enter");

  const message = widgetFrame(page).getByLabel("Your message");
  await expect(message).toBeFocused({ timeout: 30_000 });
  await page.keyboard.type("Hello");
  await expect(message).toHaveValue("Hello");

  await page.keyboard.press("Escape");
  await expect(launcher).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(message).toBeFocused({ timeout: 30_000 });
});
