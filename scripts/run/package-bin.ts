import { createRequire } from "node:module";
import path from "node:path";

const require = createRequire(import.meta.url);

/** The file behind a package's command, to run with this Node rather than through npx or a shell. */
export function packageBin(packageName: string, command?: string): string {
  const manifestPath = require.resolve(`${packageName}/package.json`);
  const { bin } = require(manifestPath) as { bin: string | Record<string, string> };
  const file = typeof bin === "string" ? bin : bin[command ?? packageName];
  if (!file) throw new Error(`${packageName} has no "${command}" command.`);
  return path.join(path.dirname(manifestPath), file);
}
