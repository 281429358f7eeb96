import { describe, expect, it } from "vitest";
import { buildScenarioOrders } from "@/tests/data/scenario-fixtures";
import { DENY_REASON_CATALOGS } from "./catalogs/deny-reasons";
import { describeRefusedLines } from "./customer-phrases";
import { describeDenyReason } from "./deny-reason-text";
import {
  type DenyReason,
  denyAlreadyRefunded,
  denyFinalSale,
  denyNoLinesSelected,
  denyNotDelivered,
  denyNothingToRefund,
  denyOutsideWindow,
  denyUnknownLine,
} from "./deny-reasons";
import { formatCatalogMessage } from "./i18n";
import { SUPPORTED_LANGUAGES } from "./languages";

const NOW = new Date("2026-03-15T12:00:00.000Z");
const orders = buildScenarioOrders(NOW);
const jacket = orders.samB2001.lines[0];
const earbuds = orders.samB2002.lines[0];
if (!jacket || !earbuds) throw new Error("fixture lines");

const everyReason: DenyReason[] = [
  denyNoLinesSelected(),
  denyNotDelivered(orders.samB2001),
  denyUnknownLine("x", orders.samB2001),
  denyFinalSale(jacket),
  denyAlreadyRefunded(jacket),
  denyOutsideWindow(jacket, 45, 30, null),
  denyOutsideWindow(earbuds, 20, 15, "electronics"),
  denyNothingToRefund(),
];

describe("deny reasons in the customer's language", () => {
  it("keeps the engine's English message for English, word for word", () => {
    for (const reason of everyReason) {
      expect(describeDenyReason(reason, "en")).toBe(reason.message);
    }
  });

  it("the English catalog says exactly what the engine's message says", () => {
    for (const reason of everyReason) {
      const { scopeCategory, scopeLabel, ...values } = reason.params;
      expect(
        formatCatalogMessage("en", DENY_REASON_CATALOGS.en[reason.code], {
          ...values,
          hasScope: scopeLabel === undefined ? "no" : "yes",
          scope: scopeLabel ?? "",
        }),
      ).toBe(reason.message);
      expect(scopeCategory === undefined).toBe(scopeLabel === undefined);
    }
  });

  it("says the window refusal in Spanish, German and Japanese, naming the category", () => {
    const window = denyOutsideWindow(earbuds, 20, 15, "electronics");
    expect(describeDenyReason(window, "es")).toBe(
      `${earbuds.name} se entregó hace 20 días, fuera del plazo de devolución de 15 días para los productos electrónicos.`,
    );
    expect(describeDenyReason(window, "de")).toContain("Rückgabefrist von 15 Tagen für Elektronik");
    expect(describeDenyReason(window, "ja")).toContain("電子機器の返品期限（15日）");
  });

  it("renders every reason in all eight languages, and a refused line cites its section", () => {
    for (const language of SUPPORTED_LANGUAGES) {
      for (const reason of everyReason) expect(describeDenyReason(reason, language)).not.toBe("");
      const [line] = describeRefusedLines([denyFinalSale(jacket)], language);
      expect(line).toContain(jacket.name);
      expect(line).toContain("§3");
    }
  });
});
