// `npm start`, `npm run dev` and `npm test` begin here, possibly on a fresh clone with nothing
// installed, so this file uses Node's built-ins only. It installs dependencies when node_modules is
// missing or stale, generates the Prisma client when missing or older than the schema, builds for
// `start` when the build is missing or stale, then hands over to scripts/run.ts, in this process.
import { spawnSync } from "node:child_process";
import { createHash } from "node:crypto";
import fs from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { pathToFileURL } from "node:url";

const root = path.resolve(import.meta.dirname, "..");
const lockfile = path.join(root, "package-lock.json");
const installStamp = path.join(root, "node_modules", ".countersign-lock-hash");
const modes = ["start", "dev", "test"];

// Not inputs of the production build: changing these never makes `npm start` rebuild.
const notBuildInputs = new Set([
  "coverage",
  "docs",
  "e2e",
  "node_modules",
  "playwright-report",
  "scripts",
  "test-results",
  "tests",
  path.join("lib", "generated"),
  "biome.json",
  "next-env.d.ts",
  "playwright.config.ts",
  "vitest.config.ts",
]);

const mode = process.argv[2];
if (!modes.includes(mode)) {
  console.error(`Usage: node scripts/bootstrap.mjs ${modes.join("|")}`);
  process.exit(2);
}

// Next's telemetry would only try to reach the network, and its notice would print during the
// build; whoever wants it can set the variable. Set before the build, which runs from here.
process.env.NEXT_TELEMETRY_DISABLED ??= "1";

ensureDependencies();
ensureGeneratedClient();
if (mode === "start") ensureBuild();
await handOver();

function ensureDependencies() {
  const lockHash = createHash("sha256").update(fs.readFileSync(lockfile)).digest("hex");
  if (readOrEmpty(installStamp) === lockHash) return;
  // npm writes this hidden lockfile after every install; newer than package-lock.json means an
  // install (e.g. CI's own `npm ci`) already ran for the current lockfile.
  const npmRecord = path.join(root, "node_modules", ".package-lock.json");
  const installedSinceLockChanged = mtimeMs(npmRecord) >= mtimeMs(lockfile);
  if (!installedSinceLockChanged) {
    console.log("Installing dependencies (npm ci)…");
    // --prefer-offline: a package already in npm's cache is taken from there without asking the
    // registry again (the lockfile's hashes still check it).
    run(npmCommand(), ["ci", "--no-audit", "--no-fund", "--prefer-offline"]);
  }
  fs.writeFileSync(installStamp, lockHash);
}

function ensureGeneratedClient() {
  const client = path.join(root, "lib", "generated", "prisma", "client.ts");
  if (mtimeMs(client) > mtimeMs(path.join(root, "prisma", "schema.prisma"))) return;
  run([process.execPath], [path.join(root, "scripts", "prisma-generate.mjs")]);
}

function ensureBuild() {
  const buildId = path.join(root, ".next", "BUILD_ID");
  const builtAt = mtimeMs(buildId);
  if (builtAt > 0 && newestSourceMtime(root) <= builtAt) return;
  console.log(
    builtAt > 0 ? "Sources changed since the last build; rebuilding…" : "Building the app…",
  );
  // `next build`, not `npm run build`: that would generate the Prisma client a second time.
  // Without the type check and the build cache (next.config.ts): a first start need neither.
  run(
    [process.execPath],
    [path.join(root, "node_modules", "next", "dist", "bin", "next"), "build"],
    { COUNTERSIGN_BUILD_TO_SERVE: "1" },
  );
}

/** The latest modification time among the files that go into the build (a cheap walk, no hashing). */
function newestSourceMtime(dir) {
  let newest = 0;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    const relative = path.relative(root, full);
    if (notBuildInputs.has(relative) || (entry.isDirectory() && entry.name.startsWith(".")))
      continue;
    if (/\.(md|tsbuildinfo)$|\.test\.tsx?$/.test(entry.name)) continue;
    newest = Math.max(newest, entry.isDirectory() ? newestSourceMtime(full) : mtimeMs(full));
  }
  return newest;
}

/*
 * run.ts runs in this very process, with tsx's loader registered here (what `--import tsx` does):
 * no second Node process sits between a Ctrl+C and the process that stops Next.js and then owns
 * Postgres until it has stopped, and none holds memory for nothing while the app serves. The
 * loader is imported only now, after the install above.
 */
async function handOver() {
  await import("tsx");
  await import(pathToFileURL(path.join(root, "scripts", "run.ts")).href);
  // run.ts and all it imports are loaded now. tsx compiled them in an esbuild process that would
  // otherwise idle beside us for as long as the app runs; esbuild starts it again if ever needed.
  const require = createRequire(import.meta.url);
  await createRequire(require.resolve("tsx"))("esbuild").stop();
}

/** npm runs us with npm_execpath set; calling that npm with this Node avoids PATH surprises. */
function npmCommand() {
  const npmCli = process.env.npm_execpath;
  return npmCli?.endsWith(".js") || npmCli?.endsWith(".cjs") ? [process.execPath, npmCli] : ["npm"];
}

function run([command, ...prefix], args, env = {}) {
  const { status, error } = spawnSync(command, [...prefix, ...args], {
    cwd: root,
    stdio: "inherit",
    env: { ...process.env, ...env },
  });
  if (error) throw error;
  if (status !== 0) process.exit(status ?? 1);
}

function mtimeMs(file) {
  try {
    return fs.statSync(file).mtimeMs;
  } catch {
    return 0;
  }
}

function readOrEmpty(file) {
  try {
    return fs.readFileSync(file, "utf8");
  } catch {
    return "";
  }
}
