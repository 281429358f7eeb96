import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { linkDuplicateServerChunks } from "./link-duplicate-server-chunks";

let distDir: string;
const chunks = () => path.join(distDir, "server", "chunks");
const write = (name: string, text: string) => {
  const file = path.join(chunks(), name);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, text);
};

beforeEach(() => {
  distDir = fs.mkdtempSync(path.join(os.tmpdir(), "chunks-"));
});
afterEach(() => fs.rmSync(distDir, { recursive: true, force: true }));

describe("linkDuplicateServerChunks", () => {
  it("links chunks that differ only in their source-map comment to the first copy", () => {
    const body = 'module.exports=[1,e=>{"use strict"}];\n';
    write("a.js", `${body}\n//# sourceMappingURL=a.js.map`);
    write("b.js", `${body}\n//# sourceMappingURL=b.js.map`);
    write("ssr/c.js", `${body}\n//# sourceMappingURL=c.js.map\n`);

    const linked = linkDuplicateServerChunks(distDir);

    expect(linked.duplicates).toBe(2);
    expect(fs.lstatSync(path.join(chunks(), "a.js")).isSymbolicLink()).toBe(false);
    for (const name of ["b.js", "ssr/c.js"]) {
      const file = path.join(chunks(), name);
      expect(fs.lstatSync(file).isSymbolicLink()).toBe(true);
      expect(fs.realpathSync(file)).toBe(fs.realpathSync(path.join(chunks(), "a.js")));
    }
  });

  it("leaves chunks with different code, and files that are not JavaScript, alone", () => {
    write("a.js", "module.exports=[1,e=>{}];\n//# sourceMappingURL=a.js.map");
    write("b.js", "module.exports=[2,e=>{}];\n//# sourceMappingURL=b.js.map");
    write("a.js.map", "{}");
    write("b.js.map", "{}");

    expect(linkDuplicateServerChunks(distDir)).toEqual({ duplicates: 0, bytesSaved: 0 });
    for (const name of ["a.js", "b.js", "a.js.map", "b.js.map"])
      expect(fs.lstatSync(path.join(chunks(), name)).isSymbolicLink()).toBe(false);
  });

  it("does nothing when the build has no server chunks", () => {
    expect(linkDuplicateServerChunks(distDir)).toEqual({ duplicates: 0, bytesSaved: 0 });
  });
});
