import type { Page } from "@playwright/test";

/** Console errors and uncaught exceptions of a page: hydration mismatches and CSP reports show here. */
export function collectConsoleErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "error") errors.push(message.text());
  });
  page.on("pageerror", (error) => errors.push(error.message));
  return errors;
}
