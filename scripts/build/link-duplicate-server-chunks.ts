import { createHash } from "node:crypto";
import fs from "node:fs";
import path from "node:path";

/*
 * Turbopack writes the same server chunk once per route that uses it, under a different name
 * each time: in one build, 20 copies of a 1 MB chunk holding our server code differed only in
 * their trailing source-map comment. A server loads a copy per route it serves, and V8 keeps the
 * source of every script it loaded, so a day's routes cost megabytes of identical source (about
 * 10 MiB after the first round of bench:idle). Each duplicate becomes a symlink to one copy:
 * Node's module cache keys on the real path, so every route then gets the copy already loaded,
 * and Turbopack's runtime keeps the module factories the first copy installed (it never
 * replaces one), so the modules themselves were shared already.
 */

const SOURCE_MAP_COMMENT = /\n\/\/# sourceMappingURL=[^\n]*\s*$/;

export type LinkedChunks = { duplicates: number; bytesSaved: number };

/** Replaces every duplicate `.js` chunk under `<distDir>/server/chunks` with a symlink to one copy. */
export function linkDuplicateServerChunks(distDir: string): LinkedChunks {
  const chunksDir = path.join(distDir, "server", "chunks");
  const firstByContent = new Map<string, string>();
  let duplicates = 0;
  let bytesSaved = 0;
  for (const file of javascriptFiles(chunksDir)) {
    const source = fs.readFileSync(file, "utf8");
    const digest = createHash("sha256")
      .update(source.replace(SOURCE_MAP_COMMENT, ""))
      .digest("hex");
    const first = firstByContent.get(digest);
    if (first === undefined) {
      firstByContent.set(digest, file);
      continue;
    }
    fs.rmSync(file);
    fs.symlinkSync(path.relative(path.dirname(file), first), file);
    duplicates += 1;
    bytesSaved += Buffer.byteLength(source);
  }
  return { duplicates, bytesSaved };
}

function javascriptFiles(dir: string): string[] {
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && entry.name.endsWith(".js"))
    .map((entry) => path.join(entry.parentPath, entry.name))
    .sort();
}
