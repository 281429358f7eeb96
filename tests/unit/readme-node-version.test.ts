import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

const root = path.resolve(import.meta.dirname, "../..");
const read = (file: string) => fs.readFileSync(path.join(root, file), "utf8");

describe("the README's Node version", () => {
  it("is the one package.json's engines asks for", () => {
    const engines = JSON.parse(read("package.json")).engines.node as string;
    const minimum = /^>=(\d+\.\d+)$/.exec(engines)?.[1];
    expect(minimum, `engines.node is ${engines}`).toBeDefined();
    const readme = read("README.md");
    expect(readme).toContain(`Node ${minimum} or later`);
    // No other Node requirement stated beside it.
    expect(readme.match(/nothing installed but Node [\d.]+/g)).toEqual([
      `nothing installed but Node ${minimum}`,
    ]);
  });

  it("is supported by every installed package's engines", () => {
    const lock = JSON.parse(read("package-lock.json")) as {
      packages: Record<string, { engines?: { node?: string } | string[] }>;
    };
    const minimum = (JSON.parse(read("package.json")).engines.node as string).slice(2);
    const [major, minor] = minimum.split(".").map(Number);
    const refusing = Object.entries(lock.packages)
      .filter(([name]) => name.startsWith("node_modules/"))
      .flatMap(([name, entry]) => {
        const node = Array.isArray(entry.engines) ? undefined : entry.engines?.node;
        const required = node ? /^>=\s*(\d+)(?:\.(\d+))?/.exec(node) : null;
        if (!required) return [];
        const needs = [Number(required[1]), Number(required[2] ?? 0)] as const;
        const ok =
          (major ?? 0) > needs[0] || ((major ?? 0) === needs[0] && (minor ?? 0) >= needs[1]);
        return ok ? [] : [`${name} (${node})`];
      });
    expect(refusing).toEqual(["node_modules/@prisma/streams-local (>=22.0.0)"]);
  });
});
