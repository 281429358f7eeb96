import { describe, expect, it } from "vitest";
import { readSources } from "@/tests/support/source-tree";

/*
 * One dependency convention (ARCHITECTURE.md, Conventions): a use case takes (input, context) and
 * the context is built at the edge. So nothing under lib/server/services reaches for the app's own
 * dependencies: the process's database client, its context, the model provider's selection or
 * the built-in payment ledger. Tests build their context and are left out.
 */

const PICKED_AT_THE_EDGE = [
  { module: "@/lib/server/db", what: "the app's database client" },
  { module: "@/lib/server/process/app-context", what: "the process's context" },
  {
    module: "@/lib/integrations/payments/ledger/ledger-payment-provider",
    what: "the built-in payment ledger",
  },
];

function importsOf(text: string): string[] {
  return [...text.matchAll(/\bfrom\s+["']([^"']+)["']|\bimport\s*\(\s*["']([^"']+)["']\s*\)/g)].map(
    (match) => match[1] ?? match[2] ?? "",
  );
}

function dependenciesPickedInside(sources: Map<string, string>): string[] {
  const found: string[] = [];
  for (const [file, text] of sources) {
    const imported = importsOf(text);
    for (const { module, what } of PICKED_AT_THE_EDGE) {
      if (imported.includes(module)) found.push(`${file} imports ${what}`);
    }
    if (/\bselectProvider\s*\(/.test(text)) found.push(`${file} selects the model provider`);
  }
  return found.sort();
}

describe("use cases get their dependencies from the edge", () => {
  it("no service imports the app's database, context or payment ledger, or selects the model", () => {
    expect(dependenciesPickedInside(readSources(["lib/server/services"]))).toEqual([]);
  });

  it("reports a service that does, however it imports it", () => {
    const sources = new Map([
      ["lib/server/services/runs/probe-db.ts", 'import { db } from "@/lib/server/db";'],
      [
        "lib/server/services/intake/probe-context.ts",
        'const { appContext } = await import("@/lib/server/process/app-context");',
      ],
      [
        "lib/server/services/approvals/probe-model.ts",
        "const provider = options.provider ?? selectProvider (getServerEnv());",
      ],
      [
        "lib/server/services/widget/probe-ledger.ts",
        'import { createLedgerPaymentProvider } from "@/lib/integrations/payments/ledger/ledger-payment-provider";',
      ],
      [
        "lib/server/services/runs/allowed.ts",
        'import type { UseCaseContext } from "@/lib/server/use-case-context";',
      ],
    ]);
    expect(dependenciesPickedInside(sources)).toEqual([
      "lib/server/services/approvals/probe-model.ts selects the model provider",
      "lib/server/services/intake/probe-context.ts imports the process's context",
      "lib/server/services/runs/probe-db.ts imports the app's database client",
      "lib/server/services/widget/probe-ledger.ts imports the built-in payment ledger",
    ]);
  });
});
