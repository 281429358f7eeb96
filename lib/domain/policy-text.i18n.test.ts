import { describe, expect, it } from "vitest";
import { POLICY_CATALOGS } from "./catalogs/policy";
import { translator } from "./i18n";
import { formatMoneyIn, SUPPORTED_LANGUAGES } from "./languages";
import { policyDocumentSchema } from "./policy-document";
import { findPolicySections, listPolicySections } from "./policy-text";
import { POLICY_V1 } from "./policy-v1";
import { DEFAULT_SETTINGS } from "./settings";

const ids = (question: string, language: Parameters<typeof findPolicySections>[3] = "es") =>
  findPolicySections(question, POLICY_V1, DEFAULT_SETTINGS, language).map((section) => section.id);

describe("policy sections in the customer's language", () => {
  it("has every section in every language, with the same ids and the document's figures", () => {
    const english = listPolicySections(POLICY_V1);
    for (const language of SUPPORTED_LANGUAGES) {
      const sections = listPolicySections(POLICY_V1, DEFAULT_SETTINGS, language);
      expect(sections.map((section) => section.id)).toEqual(english.map((section) => section.id));
      const text = sections.map((section) => section.body).join("\n");
      expect(text).toContain("30");
      expect(text).toContain("15");
      expect(text).toContain(formatMoneyIn(language, 2500, "USD"));
      for (const section of sections) expect(section.keywords.length).toBeGreaterThan(0);
    }
  });

  it("writes the Spanish, German and Japanese windows and fees from the terms", () => {
    const body = (language: "es" | "de" | "ja", id: string) =>
      listPolicySections(POLICY_V1, DEFAULT_SETTINGS, language).find((s) => s.id === id)?.body;
    expect(body("es", "§2")).toContain(
      "Para los productos electrónicos el plazo es más corto: 15 días.",
    );
    expect(body("es", "§5")).toContain("descontamos una comisión de devolución del 10\u00a0%");
    expect(body("de", "§5")).toContain("Für geöffnete Elektronik beträgt die Gebühr 15\u00a0%.");
    expect(body("ja", "§3")).toContain("ギフトカード");
    expect(body("ja", "§8")).toContain(`${POLICY_V1.document.quoteHoldMinutes}分間有効`);
  });

  it("follows a merchant's own version: its window, its categories, its hold", () => {
    const document = structuredClone(POLICY_V1.document);
    document.defaultWindowDays = 60;
    document.quoteHoldMinutes = 25;
    document.categories = [
      ...document.categories,
      {
        name: "furniture",
        label: "furniture",
        windowDays: 90,
        openedFeeRateBasisPoints: null,
        finalSale: false,
      },
    ];
    const policy = { ...POLICY_V1, document: policyDocumentSchema.parse(document) };
    const spanish = listPolicySections(policy, DEFAULT_SETTINGS, "es");
    const text = spanish.map((section) => section.body).join("\n");
    expect(text).toContain("en un plazo de 60 días");
    expect(text).toContain("Para furniture el plazo es más largo: 90 días.");
    expect(text).toContain("se mantiene durante 25 minutos");
  });

  it("finds sections for a question in any supported language", () => {
    expect(ids("¿Cuál es el plazo para devolver?")).toEqual(["§2"]);
    expect(ids("Wie hoch ist die Rücksendegebühr?")).toEqual(["§5"]);
    expect(ids("Quel est le délai de retour ?")).toEqual(["§2"]);
    expect(ids("Is verzending gratis?")).toEqual(["§6"]);
    expect(ids("La carta regalo è rimborsabile?")).toEqual(["§3"]);
    expect(ids("返品手数料はいくらですか")).toContain("§5");
    expect(ids("Os custos de frete são reembolsados?")).toContain("§6");
  });

  it("answers in the conversation's language and gives the overview when nothing matches", () => {
    const [section] = findPolicySections("¿plazo?", POLICY_V1, DEFAULT_SETTINGS, "es");
    expect(section?.title).toBe(translator(POLICY_CATALOGS, "es")("title_window"));
    expect(ids("Hola, buenas tardes")).toEqual(["§1"]);
    expect(ids("こんにちは", "ja")).toEqual(["§1"]);
  });

  it("keeps English questions and sections as they were", () => {
    expect(ids("How long do I have to return something?", "en")).toContain("§2");
    expect(listPolicySections(POLICY_V1, DEFAULT_SETTINGS, "en")).toEqual(
      listPolicySections(POLICY_V1),
    );
  });
});
