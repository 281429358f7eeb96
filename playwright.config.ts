import { existsSync } from "node:fs";
import { defineConfig, devices } from "@playwright/test";
import { E2E_BASE_URL, E2E_PORT } from "./e2e/e2e-settings";

// Debian's chromium where installed (no browser download on this machine); elsewhere Playwright's own.
const chromiumPath =
  process.env.CHROMIUM_PATH ?? (existsSync("/usr/bin/chromium") ? "/usr/bin/chromium" : undefined);

const chromiumBrowser = {
  ...devices["Desktop Chrome"],
  launchOptions: {
    executablePath: chromiumPath,
    args: [
      "--no-sandbox",
      "--disable-gpu",
      "--disable-dev-shm-usage",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
      "--no-first-run",
    ],
  },
};

export default defineConfig({
  testDir: "e2e",
  fullyParallel: true,
  workers: 2,
  forbidOnly: Boolean(process.env.CI),
  retries: process.env.CI ? 1 : 0,
  reporter: [["list"], ["html", { open: "never" }]],
  globalSetup: "./e2e/global-setup.ts",
  use: {
    baseURL: E2E_BASE_URL,
    trace: "retain-on-failure",
    screenshot: "only-on-failure",
  },
  projects: [
    // Each staff role signs in through the form once; the specs start from the stored sessions.
    { name: "staff-sign-in", testMatch: /\.setup\.ts$/, use: chromiumBrowser },
    {
      name: "chromium",
      testIgnore: /route-fuzz\.spec\.ts/,
      dependencies: ["staff-sign-in"],
      use: chromiumBrowser,
    },
    // The route fuzzer compares row counts around each refused request, so it runs alone, after
    // every other spec has finished its agent turns.
    {
      name: "route-fuzz",
      testMatch: /route-fuzz\.spec\.ts/,
      dependencies: ["chromium"],
      use: chromiumBrowser,
    },
  ],
  webServer: {
    command: "node node_modules/tsx/dist/cli.mjs e2e/web-server.ts",
    url: `${E2E_BASE_URL}/api/health`,
    env: { E2E_PORT: String(E2E_PORT), NEXT_TELEMETRY_DISABLED: "1" },
    // Never someone else's server: the suite needs its own seeded database.
    reuseExistingServer: false,
    timeout: 120_000,
    stdout: "pipe",
    // SIGTERM lets web-server.ts stop Next and then Postgres; Playwright's default is SIGKILL.
    gracefulShutdown: { signal: "SIGTERM", timeout: 15_000 },
  },
});
