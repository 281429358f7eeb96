// biome-ignore lint/style/noRestrictedImports: this test reads the domain's sources from disk.
import { readdirSync, readFileSync } from "node:fs";
// biome-ignore lint/style/noRestrictedImports: this test reads the domain's sources from disk.
import { join, relative } from "node:path";
// biome-ignore lint/style/noRestrictedImports: this test reads the domain's sources from disk.
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

const DOMAIN_DIR = fileURLToPath(new URL(".", import.meta.url));

/** The only packages domain code may use: validation, hashing, canonical JSON. */
const ALLOWED_PACKAGES = [
  "zod",
  "@noble/hashes/hmac.js",
  "@noble/hashes/sha2.js",
  "@noble/hashes/utils.js",
  "canonicalize",
  // ICU MessageFormat for the message catalogs, and the language detector (both pure JavaScript).
  "intl-messageformat",
  "tinyld/light",
  // Calendar arithmetic in a workspace's time zone, for business hours (pure JavaScript).
  "date-fns",
  "@date-fns/tz",
];

const FORBIDDEN_CODE: readonly [RegExp, string][] = [
  [/\bprocess\s*\.|\bprocess\s*\[/, "reads process (env, argv, …)"],
  [/\brequire\s*\(/, "uses require()"],
  [/\bimport\s*\(/, "uses a dynamic import"],
  [/\bDate\.now\s*\(/, "reads the clock (pass `now` in)"],
  [/\bnew Date\(\s*\)/, "reads the clock (pass `now` in)"],
  [/\bMath\.random\s*\(/, "uses randomness (pass ids in)"],
  [/\bcrypto\s*\./, "uses the platform crypto (ids and hashes are passed in or pure)"],
  [/\b(fetch|setTimeout|setInterval)\s*\(/, "does I/O or schedules work"],
];

function listSources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return listSources(path);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

/** A relative import that stays inside lib/domain ("./money", "../i18n" from a subfolder). */
function isInsideDomain(file: string, specifier: string): boolean {
  if (!specifier.startsWith("./") && !specifier.startsWith("../")) return false;
  const target = relative(DOMAIN_DIR, join(DOMAIN_DIR, file, "..", specifier));
  return !target.startsWith("..");
}

/** Every problem in one source file, as "file: problem" lines. */
function findImpurities(file: string, source: string): string[] {
  const problems: string[] = [];
  const code = source.replace(/\/\*[\s\S]*?\*\//g, "").replace(/^\s*\/\/.*$/gm, "");
  for (const [, specifier] of code.matchAll(
    /\b(?:import|export)\b[^'"]*?\bfrom\s*["']([^"']+)["']/g,
  )) {
    const ok = isInsideDomain(file, specifier ?? "") || ALLOWED_PACKAGES.includes(specifier ?? "");
    if (!ok) problems.push(`${file}: imports "${specifier}"`);
  }
  for (const [, specifier] of code.matchAll(/^\s*import\s*["']([^"']+)["']/gm)) {
    problems.push(`${file}: imports "${specifier}" for its side effects`);
  }
  for (const [pattern, problem] of FORBIDDEN_CODE) {
    if (pattern.test(code)) problems.push(`${file}: ${problem}`);
  }
  return problems;
}

describe("lib/domain purity", () => {
  const sources = listSources(DOMAIN_DIR);

  it("finds the domain's sources", () => {
    expect(sources.length).toBeGreaterThan(15);
    expect(sources.map((path) => relative(DOMAIN_DIR, path))).toContain("refund-policy.ts");
  });

  it("imports only sibling modules, zod, @noble/hashes and canonicalize, and never reads env, clock or randomness", () => {
    const problems = sources.flatMap((path) =>
      findImpurities(relative(DOMAIN_DIR, path), readFileSync(path, "utf8")),
    );
    expect(problems).toEqual([]);
  });

  it("catches what it is meant to catch", () => {
    const bad = [
      'import { PrismaClient } from "@prisma/client";',
      'import { headers } from "next/headers";',
      'import OpenAI from "openai";',
      'import { readFileSync } from "node:fs";',
      'import { Pool } from "pg";',
      'import { db } from "../server/db";',
      'import { env } from "@/lib/server/env";',
      'export { x } from "../agent/tools";',
      'import "server-only";',
      "const key = process.env.OPENAI_API_KEY;",
      "const now = new Date();",
      "const t = Date.now();",
      "const id = crypto.randomUUID();",
      "const m = await import('pg');",
    ].join("\n");
    expect(findImpurities("bad.ts", bad)).toHaveLength(14);
    const good = [
      'import { z } from "zod";',
      'import type { Quote } from "./quote";',
      'export { evaluateRefund } from "./evaluate-refund";',
      "// process.env is read in lib/server/env.ts only",
      "const later = new Date(now.getTime() + 1);",
    ].join("\n");
    expect(findImpurities("good.ts", good)).toEqual([]);
  });
});
