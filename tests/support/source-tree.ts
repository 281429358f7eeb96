import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";

export const repositoryRoot = path.resolve(import.meta.dirname, "../..");

/** Test code may set up rows and reach into any module; the rules over the source tree leave it out. */
export function isTestFile(file: string): boolean {
  return /\.test\.tsx?$/.test(file) || file.startsWith("tests/") || file.startsWith("e2e/");
}

/** The production TypeScript under the given folders, by path from the repository root. */
export function readSources(folders: string[]): Map<string, string> {
  const sources = new Map<string, string>();
  const walk = (folder: string) => {
    for (const entry of readdirSync(path.join(repositoryRoot, folder), { withFileTypes: true })) {
      const file = `${folder}/${entry.name}`;
      if (entry.isDirectory()) {
        if (entry.name !== "node_modules" && entry.name !== "generated") walk(file);
      } else if (/\.tsx?$/.test(entry.name) && !isTestFile(file)) {
        sources.set(file, readFileSync(path.join(repositoryRoot, file), "utf8"));
      }
    }
  };
  for (const folder of folders) walk(folder);
  return sources;
}
