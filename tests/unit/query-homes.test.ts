import path from "node:path";
import ts from "typescript";
import { describe, expect, it } from "vitest";
import { isTestFile, readSources } from "@/tests/support/source-tree";

/*
 * Where queries live (lib/server/README.md): a query used by one home lives in that home, so
 * lib/server/repositories holds only modules that two or more homes import. A home is a service
 * folder, a module folder of lib/server (auth, process, http, realtime…), or a folder of
 * scripts; tests do not count.
 */

const REPOSITORIES = "lib/server/repositories/";

function homeOf(file: string): string | null {
  if (file.startsWith(REPOSITORIES)) return null;
  const service = /^lib\/server\/services\/([^/]+)\//.exec(file);
  if (service) return `lib/server/services/${service[1]}`;
  return file
    .split("/")
    .slice(0, file.startsWith("lib/") ? 3 : 2)
    .join("/");
}

/** The modules a file imports, as paths from the root without extension. */
function importsOf(file: string, text: string): string[] {
  return ts.preProcessFile(text, true, true).importedFiles.flatMap(({ fileName }) => {
    if (fileName.startsWith("@/")) return [fileName.slice(2)];
    if (fileName.startsWith(".")) return [path.posix.join(path.posix.dirname(file), fileName)];
    return [];
  });
}

function moduleOf(file: string): string {
  return file.replace(/\.tsx?$/, "").replace(/\/index$/, "");
}

/** Every repositories module with the homes that import it, when they are fewer than two. */
function lonelyQueries(sources: Map<string, string>): { module: string; homes: string[] }[] {
  const homes = new Map<string, Set<string>>();
  for (const file of sources.keys()) {
    if (file.startsWith(REPOSITORIES) && !isTestFile(file)) homes.set(moduleOf(file), new Set());
  }
  for (const [file, text] of sources) {
    const home = homeOf(file);
    if (!home || isTestFile(file)) continue;
    for (const imported of importsOf(file, text)) homes.get(moduleOf(imported))?.add(home);
  }
  return [...homes]
    .filter(([, importers]) => importers.size < 2)
    .map(([module, importers]) => ({ module, homes: [...importers].sort() }));
}

const tree = () => readSources(["app", "components", "lib", "scripts"]);

describe("where queries live", () => {
  it("every module of lib/server/repositories is shared by two or more homes", () => {
    expect(lonelyQueries(tree())).toEqual([]);
  });

  it("reports a repositories module that one home imports, however many of its files do", () => {
    const sources = tree();
    sources.set(`${REPOSITORIES}probe-repository.ts`, "export const probe = 1;\n");
    const runs = "lib/server/services/runs/probe.ts";
    sources.set(runs, 'import { probe } from "@/lib/server/repositories/probe-repository";\n');
    sources.set(
      "lib/server/services/runs/probe-again.ts",
      'export { probe } from "../../repositories/probe-repository";\n',
    );
    sources.set(
      "lib/server/services/email/probe.db.test.ts",
      'import { probe } from "@/lib/server/repositories/probe-repository";\n',
    );
    expect(lonelyQueries(sources)).toEqual([
      { module: `${REPOSITORIES}probe-repository`, homes: ["lib/server/services/runs"] },
    ]);

    sources.set(
      "lib/server/auth/probe.ts",
      'import {\n  probe,\n} from "@/lib/server/repositories/probe-repository";\n',
    );
    expect(lonelyQueries(sources)).toEqual([]);
  });

  it("reports a repositories module that nothing imports", () => {
    const sources = tree();
    sources.set(`${REPOSITORIES}unused-repository.ts`, "export const unused = 1;\n");
    expect(lonelyQueries(sources)).toEqual([
      { module: `${REPOSITORIES}unused-repository`, homes: [] },
    ]);
  });
});
