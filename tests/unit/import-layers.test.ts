import { spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

/*
 * The layering rules in biome.json (noRestrictedImports overrides) are only worth something if a
 * forbidden import fails the lint. Each case below is a one-line file placed where the rule
 * applies, linted by the repository's own biome.json in a scratch copy of the tree: forbidden
 * imports must be reported with the rule's message, allowed ones must pass, so a rule that was
 * dropped, loosened or made to match everything fails here.
 */

const root = path.resolve(import.meta.dirname, "../..");

// The service folders, bottom to top (lib/server/README.md, "Layers"). A folder may import the
// folders of lower rows and the leaf folders, never its own row's others or a higher row.
const SERVICE_LAYERS = [
  ["conversations"],
  ["pending-actions"],
  ["runs"],
  ["approvals", "reconciliations"],
  ["intake"],
  ["widget", "email", "simulator"],
];
const LEAF_FOLDERS = ["audit", "settings", "staff", "sweeps", "disputes", "demo", "retention"];
const PROCESS_WIRING = [
  "start-background-work",
  "jobs/job-handlers",
  "jobs/sweep-tick",
  "instances/take-over-work",
  "instances/watch-instances",
];

type Case = { file: string; imports: string; forbidden: boolean; message?: string };

function serviceCases(): Case[] {
  const cases: Case[] = [];
  SERVICE_LAYERS.forEach((row, level) => {
    for (const folder of row) {
      const file = `lib/server/services/${folder}/probe.ts`;
      for (const higher of SERVICE_LAYERS.slice(level + 1).flat()) {
        cases.push({
          file,
          imports: `@/lib/server/services/${higher}/anything`,
          forbidden: true,
          message: "one-way graph",
        });
      }
      for (const sibling of row.filter((other) => other !== folder)) {
        cases.push({ file, imports: `../${sibling}/anything`, forbidden: true });
      }
      for (const lower of [...SERVICE_LAYERS.slice(0, level).flat(), ...LEAF_FOLDERS]) {
        cases.push({ file, imports: `@/lib/server/services/${lower}/anything`, forbidden: false });
      }
      cases.push({ file, imports: "./same-folder", forbidden: false });
    }
  });
  for (const leaf of LEAF_FOLDERS) {
    const file = `lib/server/services/${leaf}/probe.ts`;
    for (const upper of SERVICE_LAYERS.flat()) {
      cases.push({
        file,
        imports: `../${upper}/anything`,
        forbidden: true,
        message: "leaf folder",
      });
    }
  }
  for (const wiring of PROCESS_WIRING) {
    cases.push({
      file: "lib/server/services/runs/probe.ts",
      imports: `@/lib/server/process/${wiring}`,
      forbidden: true,
      message: "process wiring",
    });
  }
  // A test drives a folder through the ones above it (a story started by intake, say).
  cases.push({
    file: "lib/server/services/conversations/probe.db.test.ts",
    imports: "@/lib/server/services/intake/post-customer-message",
    forbidden: false,
  });
  return cases;
}

const CASES: Case[] = [
  { file: "lib/domain/probe.ts", imports: "@/lib/server/db", forbidden: true },
  { file: "lib/domain/probe.ts", imports: "./money", forbidden: false },
  { file: "lib/agent/probe.ts", imports: "@/lib/server/db", forbidden: true },
  { file: "lib/agent/tools/probe.ts", imports: "../../server/db", forbidden: true },
  { file: "lib/agent/probe.ts", imports: "@/lib/domain/money", forbidden: false },
  { file: "app/probe.ts", imports: "@/lib/server/repositories/run-repository", forbidden: true },
  { file: "app/probe.ts", imports: "@/lib/server/services/runs/stop-run", forbidden: false },
  {
    file: "lib/auth/probe.ts",
    imports: "@/lib/server/env",
    forbidden: true,
    message: "below the server",
  },
  { file: "lib/auth/probe.ts", imports: "../server/repositories/staff", forbidden: true },
  {
    file: "lib/integrations/email/probe.ts",
    imports: "@/lib/server/realtime/publish",
    forbidden: true,
    message: "below the server",
  },
  {
    file: "lib/integrations/payments/probe.ts",
    imports: "../../server/prisma-errors",
    forbidden: true,
  },
  { file: "lib/integrations/email/probe.ts", imports: "@/lib/errors/app-error", forbidden: false },
  { file: "lib/auth/probe.ts", imports: "@/lib/domain/authz", forbidden: false },
  ...PROCESS_WIRING.map((wiring) => ({
    file: "lib/server/realtime/probe.ts",
    imports: `@/lib/server/process/${wiring}`,
    forbidden: true,
    message: "process wiring",
  })),
  {
    file: "lib/server/http/probe.ts",
    imports: "../process/start-background-work",
    forbidden: true,
  },
  {
    file: "lib/server/realtime/probe.ts",
    imports: "@/lib/server/process/process-id",
    forbidden: false,
  },
  {
    file: "lib/server/process/jobs/enqueue-job.ts",
    imports: "@/lib/server/services/runs/queue-run",
    forbidden: true,
    message: "below the services",
  },
  {
    file: "lib/server/process/process-id.ts",
    imports: "@/lib/server/process/start-background-work",
    forbidden: true,
  },
  {
    file: "lib/server/process/jobs/job-handlers.ts",
    imports: "@/lib/server/services/runs/advance-run-job",
    forbidden: false,
  },
  ...serviceCases(),
];

// Where each probe is written: beside the rule's path under its own name, or, for a rule written
// for exact file names (the process's own parts), at that very name.
const PROBES = CASES.map((probe, index) => ({
  ...probe,
  at: probe.file.replace(/probe(\.db\.test)?\.ts$/, `probe-${index}$1.ts`),
  name: `${probe.file} ${probe.forbidden ? "may not" : "may"} import ${probe.imports}`,
}));

type Diagnostic = { category: string; message: string; location: { path: string } };

let scratch: string;
const reported = new Map<string, string[]>();

beforeAll(() => {
  scratch = mkdtempSync(path.join(tmpdir(), "import-layers-"));
  const config = JSON.parse(readFileSync(path.join(root, "biome.json"), "utf8"));
  delete config.$schema;
  config.vcs = { enabled: false };
  writeFileSync(path.join(scratch, "biome.json"), JSON.stringify(config));
  for (const probe of PROBES) {
    mkdirSync(path.dirname(path.join(scratch, probe.at)), { recursive: true });
    writeFileSync(
      path.join(scratch, probe.at),
      `import { probe } from "${probe.imports}";\n\nexport const used = probe;\n`,
    );
  }
  const lint = spawnSync(
    path.join(root, "node_modules/.bin/biome"),
    ["lint", "--only=style/noRestrictedImports", "--reporter=json", "--max-diagnostics=none", "."],
    { cwd: scratch, encoding: "utf8" },
  );
  const output: { diagnostics: Diagnostic[] } = JSON.parse(lint.stdout);
  for (const diagnostic of output.diagnostics) {
    if (diagnostic.category !== "lint/style/noRestrictedImports") continue;
    const messages = reported.get(diagnostic.location.path) ?? [];
    reported.set(diagnostic.location.path, [...messages, diagnostic.message]);
  }
});

afterAll(() => rmSync(scratch, { recursive: true, force: true }));

describe("the import layering rules in biome.json", () => {
  it("places every probe in a file of its own", () => {
    expect(new Set(PROBES.map((probe) => probe.at)).size).toBe(PROBES.length);
  });

  it.each(PROBES)("$name", (probe) => {
    const messages = reported.get(probe.at) ?? [];
    if (!probe.forbidden) {
      expect(messages).toEqual([]);
      return;
    }
    expect(messages).toHaveLength(1);
    if (probe.message) expect(messages[0]).toContain(probe.message);
  });
});
