import { type ChildProcess, spawn } from "node:child_process";
import { createRequire } from "node:module";
import path from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { type Browser, expect, type Page, test } from "@playwright/test";
import { findFreePort } from "../scripts/db/embedded-postgres";
import { postFromPage, signIn } from "./support/staff-session";

/*
 * Live updates across processes: every app instance LISTENs on the same Postgres, so a change
 * committed through one instance reaches pages served by another; and a page whose server goes
 * away reconnects by itself and catches up (Last-Event-ID replay) without a reload.
 */

const projectRoot = path.resolve(import.meta.dirname, "..");
const nextBin = path.join(
  path.dirname(createRequire(import.meta.url).resolve("next/package.json")),
  "dist/bin/next",
);
// The same secret as the suite's main server (e2e/web-server.ts), so one sign-in cookie is valid
// on every instance, as behind a load balancer.
const E2E_SECRET = "e2e-only-secret-not-for-any-real-deployment";

type Instance = { origin: string; start(): Promise<void>; stop(): Promise<void> };

/** Another `next start` of the same production build, on its own port, against the suite's database. */
async function appInstance(): Promise<Instance> {
  const databaseUrl = process.env.E2E_DATABASE_URL;
  if (!databaseUrl) throw new Error("E2E_DATABASE_URL is not set (see e2e/global-setup.ts)");
  const port = await findFreePort();
  const origin = `http://localhost:${port}`;
  let child: ChildProcess | undefined;

  const kill = (signal: NodeJS.Signals) => {
    try {
      if (child?.pid) process.kill(-child.pid, signal);
    } catch {
      // Already gone.
    }
  };

  return {
    origin,
    async start() {
      child = spawn(process.execPath, [nextBin, "start", "-p", String(port)], {
        cwd: projectRoot,
        env: {
          ...process.env,
          NODE_ENV: "production",
          DATABASE_URL: databaseUrl,
          NEXTAUTH_SECRET: E2E_SECRET,
          NEXTAUTH_URL: origin,
          DEMO_MODE: "true",
          OPENAI_API_KEY: "",
          LOG_LEVEL: "warn",
        },
        stdio: "ignore",
        // Its own process group: `next start` serves from a child the first pid does not take along.
        detached: true,
      });
      const deadline = Date.now() + 60_000;
      while (Date.now() < deadline) {
        const up = await fetch(`${origin}/api/health`).then(
          (response) => response.ok,
          () => false,
        );
        if (up) return;
        await sleep(250);
      }
      throw new Error(`the second instance on ${origin} did not start`);
    },
    async stop() {
      const running = child;
      if (!running?.pid || running.exitCode !== null) return;
      const exited = new Promise((resolve) => running.once("exit", resolve));
      kill("SIGTERM");
      await Promise.race([exited, sleep(5_000)]);
      kill("SIGKILL");
      // Until the port is free again, a restart on it would fail.
      const deadline = Date.now() + 10_000;
      while (Date.now() < deadline) {
        const stillUp = await fetch(`${origin}/api/health`).then(
          () => true,
          () => false,
        );
        if (!stillUp) return;
        await sleep(100);
      }
    },
  };
}

async function openInbox(browser: Browser, origin: string): Promise<Page> {
  const context = await browser.newContext({ baseURL: origin });
  const page = await context.newPage();
  await signIn(page, "agent");
  await page.goto("/inbox");
  await expect(page.getByTestId("server-status")).toHaveAttribute("data-state", "online");
  // Survives router.refresh() but not a reload: proves updates arrived without one.
  await page.evaluate(() => {
    (window as unknown as { noReloadMarker: boolean }).noReloadMarker = true;
  });
  return page;
}

function wasNotReloaded(page: Page): Promise<boolean> {
  return page.evaluate(
    () => (window as unknown as { noReloadMarker?: boolean }).noReloadMarker === true,
  );
}

// A question from Tom (outside any refund window) changes no other journey's refunds.
async function newEmail(page: Page, subject: string): Promise<void> {
  const created = await postFromPage(page, "/api/conversations/email", {
    from: "tom@example.com",
    subject,
    body: "Quick question about order A1021: what is your return window?",
  });
  expect(created.status, JSON.stringify(created.body)).toBe(202);
}

test("a page served by a second app instance shows an update made through the first, live", async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  const second = await appInstance();
  await second.start();
  try {
    await signIn(page, "agent");
    await page.goto("/inbox");
    const pill = page.getByTestId("server-status");
    await expect(pill).toHaveAttribute("data-state", "online");

    const other = await openInbox(browser, second.origin);
    const otherPill = other.getByTestId("server-status");
    await expect(otherPill).toContainText(/Online.*pid \d+/);
    const processId = await pill.getAttribute("data-process-id");
    const otherProcessId = await otherPill.getAttribute("data-process-id");
    expect(processId).toBeTruthy();
    expect(otherProcessId).toBeTruthy();
    expect(otherProcessId).not.toBe(processId);

    const subject = `Multi-instance check ${Date.now()}`;
    await newEmail(page, subject);
    await expect(other.getByRole("link", { name: subject })).toBeVisible({ timeout: 10_000 });
    await expect(page.getByRole("link", { name: subject })).toBeVisible({ timeout: 10_000 });
    expect(await wasNotReloaded(other)).toBe(true);
    await other.context().close();
  } finally {
    await second.stop();
  }
});

test("after its server restarts, an open page reconnects by itself and shows what changed meanwhile", async ({
  page,
  browser,
}) => {
  test.setTimeout(180_000);
  const instance = await appInstance();
  await instance.start();
  try {
    const watched = await openInbox(browser, instance.origin);
    const pill = watched.getByTestId("server-status");
    const before = await pill.getAttribute("data-process-id");

    await instance.stop();
    await expect(pill).toHaveAttribute("data-state", "offline", { timeout: 15_000 });
    await expect(pill).toContainText("Offline");

    // Committed while the watched page's server is down, through the suite's main instance.
    await signIn(page, "agent");
    const subject = `Restart check ${Date.now()}`;
    await newEmail(page, subject);

    await instance.start();
    await expect(pill).toHaveAttribute("data-state", "online", { timeout: 30_000 });
    expect(await pill.getAttribute("data-process-id")).not.toBe(before);
    await expect(watched.getByRole("link", { name: subject })).toBeVisible({ timeout: 15_000 });
    expect(await wasNotReloaded(watched)).toBe(true);
    await watched.context().close();
  } finally {
    await instance.stop();
  }
});
