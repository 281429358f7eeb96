import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

/*
 * The map must not drift from the territory: every repository path a document names in
 * backticks (`lib/server/db.ts`, `e2e/widget-*.spec.ts`, `lib/server/services/<folder>/`) and
 * every relative markdown link must exist in the tree. A file renamed without its documents
 * fails here instead of leaving a newcomer at a dead end.
 */

const root = path.resolve(import.meta.dirname, "../..");

const TOP_LEVEL_DOCUMENTS = ["README.md", "ARCHITECTURE.md", "CONTRIBUTING.md"];

/** The repository's own folders a backticked path may start with. */
const REPOSITORY_FOLDERS = [
  ".ci",
  "app",
  "components",
  "docs",
  "e2e",
  "lib",
  "policy",
  "prisma",
  "public",
  "scripts",
  "tests",
];

const NOT_IN_THE_TREE = new Set([".git", ".next", ".data", "node_modules", "test-results"]);

function documents(): string[] {
  const inDocs = readdirSync(path.join(root, "docs"), { recursive: true, encoding: "utf8" })
    .filter((file) => file.endsWith(".md"))
    .map((file) => path.posix.join("docs", file.split(path.sep).join("/")));
  return [...TOP_LEVEL_DOCUMENTS, ...inDocs.sort()];
}

function treeFiles(): string[] {
  const files: string[] = [];
  const walk = (relative: string) => {
    for (const entry of readdirSync(path.join(root, relative), { withFileTypes: true })) {
      if (NOT_IN_THE_TREE.has(entry.name)) continue;
      const child = relative ? `${relative}/${entry.name}` : entry.name;
      if (entry.isDirectory()) {
        files.push(`${child}/`);
        walk(child);
      } else files.push(child);
    }
  };
  walk("");
  return files;
}

const FOLDER_PATTERN = REPOSITORY_FOLDERS.map((folder) => folder.replace(".", "\\.")).join("|");
const REPOSITORY_PATH = new RegExp(`^(?:${FOLDER_PATTERN})/[^\\s]*$`);

/** Backticked spans that are a repository path as a whole (not a command that mentions one). */
function backtickedPaths(markdown: string): string[] {
  const withoutFences = markdown.replace(/^```[\s\S]*?^```/gm, "");
  return [...withoutFences.matchAll(/`([^`\n]+)`/g)]
    .map((match) => (match[1] ?? "").replace(/[.,;:)]+$/, ""))
    .filter((span) => REPOSITORY_PATH.test(span));
}

/** Targets of inline links and images that point into the repository. */
function relativeLinks(markdown: string): string[] {
  const withoutCode = markdown.replace(/^```[\s\S]*?^```/gm, "").replace(/`[^`\n]*`/g, "");
  return [...withoutCode.matchAll(/!?\[[^\]]*\]\(([^)\s]+)(?:\s+"[^"]*")?\)/g)]
    .map((match) => match[1] ?? "")
    .filter((target) => !/^(?:[a-z]+:|#)/i.test(target))
    .map((target) => decodeURIComponent(target.replace(/#.*$/, "")));
}

/*
 * A path may be a glob (`*`, `**`), name a placeholder (`<folder>`) or end in `…`: each matches
 * any name in its place, and at least one file or folder of the tree must fit.
 */
function pathPattern(cited: string): RegExp {
  let source = "";
  for (let at = 0; at < cited.length; at++) {
    const rest = cited.slice(at);
    if (rest.startsWith("**/")) {
      source += "(?:[^/]+/)*";
      at += 2;
    } else if (rest.startsWith("**")) {
      source += ".*";
      at += 1;
    } else if (rest[0] === "*") source += "[^/]*";
    else if (rest[0] === "…") source += ".*";
    else if (rest[0] === "<") {
      const end = rest.indexOf(">");
      source += "[^/]+";
      at += end === -1 ? 0 : end;
    } else source += (rest[0] ?? "").replace(/[.+?^${}()|[\]\\]/g, "\\$&");
  }
  return new RegExp(`^${source}/?$`);
}

function existsInTree(cited: string, tree: string[]): boolean {
  if (/[*<…]/.test(cited)) {
    const pattern = pathPattern(cited);
    return tree.some((file) => pattern.test(file));
  }
  return existsSync(path.join(root, cited));
}

describe("the paths the documents name", () => {
  const tree = treeFiles();

  it("reads the top-level documents and every document under docs/", () => {
    const read = documents();
    expect(read).toEqual(expect.arrayContaining(TOP_LEVEL_DOCUMENTS));
    expect(read.filter((file) => file.startsWith("docs/")).length).toBeGreaterThan(3);
  });

  for (const document of documents()) {
    const markdown = readFileSync(path.join(root, document), "utf8");

    it(`${document}: every backticked repository path exists`, () => {
      const missing = backtickedPaths(markdown).filter((cited) => !existsInTree(cited, tree));
      expect(missing).toEqual([]);
    });

    it(`${document}: every relative link points at a file of the repository`, () => {
      const broken = relativeLinks(markdown).filter((target) => {
        const resolved = path.resolve(root, path.dirname(document), target);
        const inside = !path.relative(root, resolved).startsWith("..");
        return !inside || !existsSync(resolved);
      });
      expect(broken).toEqual([]);
    });

    it(`${document}: names no path outside the repository`, () => {
      expect(markdown.match(/(?:^|[\s`("'=])(?:\/work\/|\/tmp\/|\.\.\/shared)\S*/g)).toBeNull();
    });
  }
});

describe("how the documents' paths are read", () => {
  it("takes whole backticked paths, leaving commands and fenced blocks alone", () => {
    const markdown = [
      "See `lib/ids.ts`, `app/api/…` and `npm run test:db -- lib/server`.",
      "```sh",
      "cat `lib/not-read.ts`",
      "```",
      "A trailing stop: `docs/design.md`.",
    ].join("\n");
    expect(backtickedPaths(markdown)).toEqual(["lib/ids.ts", "app/api/…", "docs/design.md"]);
  });

  it("takes relative links and images, not web links or anchors", () => {
    const markdown =
      "[a](docs/a.md) ![b](docs/b.png) [c](https://example.com) [d](#here) [e](docs/e.md#part)";
    expect(relativeLinks(markdown)).toEqual(["docs/a.md", "docs/b.png", "docs/e.md"]);
  });

  it("matches globs, placeholders and a trailing ellipsis against the tree", () => {
    const tree = ["lib/", "lib/server/", "lib/server/db.ts", "e2e/widget-fit.spec.ts"];
    expect(existsInTree("e2e/widget-*.spec.ts", tree)).toBe(true);
    expect(existsInTree("e2e/missing-*.spec.ts", tree)).toBe(false);
    expect(existsInTree("lib/<folder>/db.ts", tree)).toBe(true);
    expect(existsInTree("lib/**/*.ts", tree)).toBe(true);
    expect(existsInTree("lib/serv…", tree)).toBe(true);
    expect(existsInTree("lib/client/…", tree)).toBe(false);
  });
});
