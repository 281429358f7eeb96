import { describe, expect, it } from "vitest";
import { describeRefusedLines, storedRefusedLines } from "./customer-phrases";
import type { DenyReason } from "./deny-reasons";

const giftCard: DenyReason = {
  lineId: "line-gift-card",
  code: "FINAL_SALE",
  sectionId: "§3",
  message: "Gift card is a final-sale item and cannot be refunded.",
  params: { item: "Gift card" },
};
const englishLines = describeRefusedLines([giftCard]);

describe("storedRefusedLines", () => {
  it("says a kept refusal in the conversation's language", () => {
    const [line] = storedRefusedLines(
      { refusedLines: englishLines, refusedReasons: [giftCard] },
      "de",
    );
    expect(line).toContain("Gift card");
    expect(line).toContain("(Richtlinie §3)");
    expect(line).not.toContain("final-sale item");
  });

  it("reads the same as the stored lines in English", () => {
    expect(
      storedRefusedLines({ refusedLines: englishLines, refusedReasons: [giftCard] }, "en"),
    ).toEqual(englishLines);
  });

  it("falls back to the stored lines for a row made before refusals were kept, or unreadable ones", () => {
    for (const refusedReasons of [[], null, "text", [{ code: "FINAL_SALE" }]]) {
      expect(storedRefusedLines({ refusedLines: englishLines, refusedReasons }, "ja")).toEqual(
        englishLines,
      );
    }
  });
});
