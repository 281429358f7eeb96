import { describe, expect, it } from "vitest";
import {
  continuesPrevious,
  isUnfinished,
  normaliseClaimText,
  sentenceKey,
  splitClaimSentences,
} from "./claim-sentences";

const split = (text: string) => splitClaimSentences(normaliseClaimText(text));

describe("splitting sentences in every language", () => {
  it("keeps a decimal comma or point inside its sentence", () => {
    expect(split("Te devolvemos 80,10 €. ¿Te parece bien?")).toEqual([
      "Te devolvemos 80,10 €.",
      "¿Te parece bien?",
    ]);
    expect(split("Du bekommst 1.234,50 € zurück.")).toEqual(["Du bekommst 1.234,50 € zurück."]);
  });

  it("splits at Spanish ¡! and ¿? and keeps the openers with their sentence", () => {
    expect(split("¡Hola Sam! ¿En qué puedo ayudarte?")).toEqual([
      "¡Hola Sam!",
      "¿En qué puedo ayudarte?",
    ]);
  });

  it("splits Japanese at 。！？ with no space after them, full-width or not", () => {
    expect(split("こんにちは！返金は完了しました。ほかにご質問はありますか？")).toEqual([
      "こんにちは!",
      "返金は完了しました。",
      "ほかにご質問はありますか?",
    ]);
    expect(splitClaimSentences("ご連絡ありがとうございます。返金は完了しました。")).toEqual([
      "ご連絡ありがとうございます。",
      "返金は完了しました。",
    ]);
  });

  it("compares sentences without their openers and Japanese end marks", () => {
    expect(sentenceKey("¿En qué puedo ayudarte?")).toBe(sentenceKey("En qué puedo ayudarte"));
    expect(sentenceKey("返金は完了しました。")).toBe("返金は完了しました");
  });

  it("knows a Japanese sentence's end and what leans on the sentence before", () => {
    expect(isUnfinished("返金は完了しました。")).toBe(false);
    expect(isUnfinished("返金について")).toBe(true);
    expect(continuesPrevious("Y ya está pagado.", "es")).toBe(true);
    expect(continuesPrevious("Und das Geld ist da.", "de")).toBe(true);
    expect(continuesPrevious("それは完了しました。", "ja")).toBe(true);
    expect(continuesPrevious("Yo reviso tu pedido.", "es")).toBe(false);
    expect(continuesPrevious("Und das Geld ist da.", "en")).toBe(false);
  });
});
