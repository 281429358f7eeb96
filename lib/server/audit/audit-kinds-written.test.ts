import { readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { isAuditEventKind } from "@/lib/domain/audit-events";

const ROOT = fileURLToPath(new URL("../../../", import.meta.url));

/*
 * Writers are typed by the registry, but a cast (as the pending-action machine and raw SQL need)
 * would let an unregistered kind through to storage. This reads the sources for the kinds they
 * write: an object's `kind: "area.event"`, and the machine's `audit("area.event", …)`.
 */
const WRITTEN_KIND = /\bkind:\s*"([a-z_]+\.[a-z_]+)"|\baudit\(\s*"([a-z_]+\.[a-z_]+)"/g;

function listSources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === "generated" ? [] : listSources(path);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

function kindsWritten(): Map<string, string> {
  const found = new Map<string, string>();
  for (const file of [...listSources(join(ROOT, "lib")), ...listSources(join(ROOT, "app"))]) {
    for (const match of readFileSync(file, "utf8").matchAll(WRITTEN_KIND)) {
      const kind = match[1] ?? match[2];
      if (kind) found.set(kind, relative(ROOT, file));
    }
  }
  return found;
}

describe("audit kinds written in code", () => {
  const written = kindsWritten();

  it("finds the writers (the scan is not reading nothing)", () => {
    expect(written.size).toBeGreaterThanOrEqual(45);
  });

  it("are all in the registry", () => {
    const unregistered = [...written].filter(([kind]) => !isAuditEventKind(kind));
    expect(unregistered.map(([kind, file]) => `${kind} (${file})`)).toEqual([]);
  });
});
