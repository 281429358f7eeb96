import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { CLAIM_CORPORA } from "@/tests/data/claim-language-corpora";
import type { LexiconLanguage } from "./language-lexicons";
import { checkMessageReadability } from "./message-readability";

const LANGUAGES = Object.keys(CLAIM_CORPORA) as LexiconLanguage[];

const codes = (text: string, language: string, previousAgentMessage?: string) => {
  const result = checkMessageReadability(text, { language, previousAgentMessage });
  return result.ok ? [] : result.problems.map((problem) => problem.code);
};

// Replies as the agent writes them: a greeting, a question, a hand-over, a few sentences long.
const REPLIES: Readonly<Record<LexiconLanguage, readonly string[]>> = {
  es: [
    "¡Hola Sam! Siento mucho que la chaqueta no te quede bien. ¿Me dices cuál de los artículos del pedido B2001 quieres devolver?",
    "Gracias por la foto. Una persona de nuestro equipo revisará tu caso y te responderá por aquí.",
  ],
  de: [
    "Hallo Sam! Schade, dass dir die Jacke nicht passt. Welchen Artikel aus der Bestellung B2001 möchtest du zurückschicken?",
    "Danke für das Foto. Jemand aus unserem Team sieht sich deinen Fall an und antwortet dir hier.",
  ],
  fr: [
    "Bonjour Sam ! Je suis désolé que la veste ne vous aille pas. Quel article de la commande B2001 souhaitez-vous retourner ?",
    "Merci pour la photo. Une personne de notre équipe va examiner votre demande et vous répondra ici.",
  ],
  pt: [
    "Olá, Sam! Que pena que a jaqueta não serviu. Qual item do pedido B2001 você quer devolver?",
    "Obrigado pela foto. Uma pessoa da nossa equipe vai analisar o seu caso e responder por aqui.",
  ],
  it: [
    "Ciao Sam! Mi dispiace che la giacca non ti vada bene. Quale articolo dell'ordine B2001 vuoi restituire?",
    "Grazie per la foto. Una persona del nostro team esaminerà il tuo caso e ti risponderà qui.",
  ],
  nl: [
    "Hoi Sam! Jammer dat de jas niet past. Welk artikel uit bestelling B2001 wil je terugsturen?",
    "Bedankt voor de foto. Iemand van ons team bekijkt je vraag en antwoordt je hier.",
  ],
  ja: [
    "サムさん、こんにちは。ジャケットのサイズが合わず申し訳ありません。ご注文B2001のどの商品を返品されますか？",
    "写真をお送りいただきありがとうございます。担当者が確認し、こちらでご連絡いたします。",
  ],
};

// What weak models emitted (message-readability.test.ts); kanji and kana are no junk in Japanese.
const JUNK = {
  latin: ["ഞ", "сылки", "飛", "こ", "Ж", "образ"],
  ja: ["ഞ", "сылки", "Ж", "образ"],
};

describe.each(LANGUAGES)("the readability check in a conversation in %s", (language) => {
  const replies = [...REPLIES[language], ...CLAIM_CORPORA[language].harmless];

  it("lets the language's ordinary replies through, and English ones", () => {
    expect(replies.filter((text) => codes(text, language).length > 0)).toEqual([]);
    expect(codes("Thanks for your message! Which item is it about?", language)).toEqual([]);
  });

  it("refuses other scripts, token salad and a stutter", () => {
    expect(codes("Ваш возврат одобрен, спасибо за терпение.", language)).toContain("wrong_script");
    expect(
      codes("namespace Hero Accept suppose Pakistan governo mole calcul Species", language),
    ).not.toEqual([]);
    const [reply = ""] = REPLIES[language];
    expect(codes(reply, language, reply)).toContain("repeats_previous");
  });

  it("refuses junk spliced into a real reply once it is more than a trace", () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...REPLIES[language]),
        fc.array(fc.constantFrom(...JUNK[language === "ja" ? "ja" : "latin"]), {
          minLength: 6,
          maxLength: 12,
        }),
        (text, junk) => {
          expect(codes(`${text} ${junk.join("")}`, language)).not.toEqual([]);
        },
      ),
    );
  });
});

describe("the readability check in Japanese", () => {
  it("reads the long-vowel and repetition marks as Japanese", () => {
    expect(codes("返金ポリシーについて、少々お待ちください。", "ja")).toEqual([]);
  });

  it("refuses kanji without kana, Korean or Chinese letters, and a loop", () => {
    expect(codes("返金承認完了確認処理送金", "ja")).toContain("not_words");
    expect(codes("환불이 승인되었습니다.", "ja")).toContain("wrong_script");
    expect(codes("您的退款已经批准了，请查收。", "ja")).toContain("not_words");
    expect(codes("ありがとうございますありがとうございますありがとうございます", "ja")).toContain(
      "repetitive",
    );
  });

  it("refuses token salad in Latin letters inside Japanese", () => {
    expect(codes("ご注文 feminPerson nearestBe xqzvbk について", "ja")).toContain("not_words");
  });
});

describe("the readability check in Latin-script languages", () => {
  it("refuses a Spanish reply that has another script's letters in it", () => {
    expect(codes("Hola Sam, тв返金 возврат одобрен спасибо.", "es")).toContain("wrong_script");
  });

  it("refuses words that are none of the language's or English's", () => {
    expect(codes("Xqzt brmbl vrdf klmpt", "de")).toContain("not_words");
  });
});
