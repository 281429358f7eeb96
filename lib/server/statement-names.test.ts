import { describe, expect, it } from "vitest";
import { createStatementNamer } from "./statement-names";

describe("createStatementNamer", () => {
  it("gives one text the same name every time and different texts different names", () => {
    const name = createStatementNamer();
    const first = name({ sql: "SELECT $1", args: [1] });
    expect(first).toBeDefined();
    expect(name({ sql: "SELECT $1", args: [2] })).toBe(first);
    expect(name({ sql: "SELECT $1, $2", args: [1, 2] })).not.toBe(first);
  });

  it("leaves statements without parameters unnamed: their text may hold several commands", () => {
    const name = createStatementNamer();
    expect(name({ sql: "BEGIN; SELECT 1; COMMIT", args: [] })).toBeUndefined();
  });

  it("names no more than its limit of texts, and keeps the names it gave", () => {
    const name = createStatementNamer(2);
    const a = name({ sql: "SELECT $1 AS a", args: [1] });
    const b = name({ sql: "SELECT $1 AS b", args: [1] });
    expect(name({ sql: "SELECT $1 AS c", args: [1] })).toBeUndefined();
    expect(name({ sql: "SELECT $1 AS a", args: [1] })).toBe(a);
    expect(name({ sql: "SELECT $1 AS b", args: [1] })).toBe(b);
    expect(new Set([a, b]).size).toBe(2);
  });
});
