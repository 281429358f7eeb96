import fs from "node:fs/promises";
import { E2E_DATABASE_URL_FILE } from "./e2e-settings";

/**
 * Runs after the web server answers. Hands the test database's URL to the specs as
 * E2E_DATABASE_URL (Playwright passes globalSetup's environment on to its workers), for specs that
 * check what a journey stored.
 */
export default async function globalSetup(): Promise<void> {
  process.env.E2E_DATABASE_URL = (await fs.readFile(E2E_DATABASE_URL_FILE, "utf8")).trim();
}
