import { describe, expect, it } from "vitest";
import { csvField, csvRow } from "./csv";

describe("csvField", () => {
  it.each([
    ["plain", "plain"],
    ["a,b", '"a,b"'],
    ['say "yes"', '"say ""yes"""'],
    ["two\nlines", '"two\nlines"'],
    ["cr\rhere", '"cr\rhere"'],
    ['=HYPERLINK("x")', '"\'=HYPERLINK(""x"")"'],
    ["+1", "'+1"],
    ["-1", "'-1"],
    ["@SUM(A1)", "'@SUM(A1)"],
    ["", ""],
  ])("%j → %j", (input, expected) => {
    expect(csvField(input)).toBe(expected);
  });

  it("writes numbers as numbers, even negative ones, and null as an empty cell", () => {
    expect(csvField(-5)).toBe("-5");
    expect(csvField(12n)).toBe("12");
    expect(csvField(null)).toBe("");
    expect(csvField(undefined)).toBe("");
  });
});

describe("csvRow", () => {
  it("joins fields with commas and ends with CRLF", () => {
    expect(csvRow(["a", 1, null, "b,c"])).toBe('a,1,,"b,c"\r\n');
  });
});
