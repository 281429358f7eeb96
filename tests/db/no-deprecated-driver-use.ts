import { afterAll, expect } from "vitest";

/*
 * A deprecation the database driver warns about today is an error in its next major version
 * (pg 9 refuses a query on a client that is still running one, as a transaction's Promise.all
 * would send). Every db test file fails on such a warning, naming it.
 */
const deprecations: string[] = [];

process.on("warning", (warning) => {
  if (warning.name === "DeprecationWarning") deprecations.push(warning.message);
});

afterAll(() => {
  expect(deprecations, "deprecation warnings while this file ran").toEqual([]);
});
