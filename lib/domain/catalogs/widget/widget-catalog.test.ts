import { describe, expect, it } from "vitest";
import { translator } from "../../i18n";
import { SUPPORTED_LANGUAGES } from "../../languages";
import {
  ASSUMED_REASON_LEAD,
  ASSUMED_REASON_TAIL,
  FRESH_QUOTE_INVITATION,
  REFUSED_LINES_HEADING,
} from "../../quote-presentation";
import { WIDGET_CATALOGS } from ".";

// Words these languages share with English; any other English message left in is a gap
// (punctuation alone is not a message in a language).
const SAME_AS_ENGLISH = new Set([
  "es header_title",
  "de header_title",
  "fr header_title",
  "fr conversation_label",
  "fr image",
  "pt header_title",
  "pt column_item",
  "it header_title",
  "nl header_title",
]);

describe("the widget's catalog", () => {
  it("says in English exactly what the quote message and the staff pages say", () => {
    const t = translator(WIDGET_CATALOGS, "en");
    expect(t("refused_lines_heading")).toBe(REFUSED_LINES_HEADING);
    expect(t("assumed_reason_lead")).toBe(ASSUMED_REASON_LEAD);
    expect(t("assumed_reason_tail")).toBe(ASSUMED_REASON_TAIL);
    expect(t("fresh_quote_invitation")).toBe(FRESH_QUOTE_INVITATION);
  });

  it("renders every message in every language, in that language's own words", () => {
    const values = {
      shop: "Demo Shop",
      name: "Sam",
      count: "12",
      max: "2000",
      order: "B2001",
      reason: "x",
      target: "Amex •0005",
      amount: "$80.10",
      time: "10:30",
      why: "x",
      invitation: "x",
      seconds: 30,
      minutes: 2,
      alt: "a photo",
    };
    const english = translator(WIDGET_CATALOGS, "en");
    for (const language of SUPPORTED_LANGUAGES) {
      const t = translator(WIDGET_CATALOGS, language);
      for (const key of Object.keys(WIDGET_CATALOGS.en) as (keyof typeof WIDGET_CATALOGS.en)[]) {
        const text = t(key, values);
        expect(text.trim(), `${language} ${key}`).not.toBe("");
        expect(text).not.toMatch(/[{}]/);
        const words = /\p{L}/u.test(WIDGET_CATALOGS.en[key]);
        if (language !== "en" && words && !SAME_AS_ENGLISH.has(`${language} ${key}`)) {
          expect(text, `${language} ${key} is still English`).not.toBe(english(key, values));
        }
      }
    }
  });

  it("counts the wait in the language's plural forms", () => {
    expect(translator(WIDGET_CATALOGS, "en")("problem_rate_limited", { seconds: 1 })).toBe(
      "Too many attempts. Try again in 1 second.",
    );
    expect(translator(WIDGET_CATALOGS, "de")("problem_rate_limited_minutes", { minutes: 5 })).toBe(
      "Zu viele Versuche. Versuch es in 5 Minuten noch einmal.",
    );
  });
});
