// `node scripts/bootstrap.mjs <mode>` hands over to this, in its own process, once dependencies
// (and, for start, the build) are in place. start/dev: database + Next.js; test: every suite.
import { loadEnvFiles } from "./load-env-files";
import { projectRoot } from "./project-root";
import { runTestSuites } from "./run/run-test-suites";
import { serveLocally } from "./run/serve-locally";

const mode = process.argv[2];
// Next's telemetry would only try to reach the network; whoever wants it can set the variable.
process.env.NEXT_TELEMETRY_DISABLED ??= "1";

async function main(): Promise<number> {
  if (mode === "test") return runTestSuites();
  if (mode === "start" || mode === "dev") {
    // Tests stay hermetic; the app reads the developer's .env files like Next itself does.
    loadEnvFiles(projectRoot);
    return serveLocally(mode);
  }
  console.error("Usage: tsx scripts/run.ts start|dev|test");
  return 2;
}

main().then(
  (code) => process.exit(code),
  (error: Error) => {
    console.error(error.message);
    process.exit(1);
  },
);
