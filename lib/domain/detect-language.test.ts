import { describe, expect, it } from "vitest";
import { detectLanguage } from "./detect-language";

// Chat-length first messages, as customers write them (typos and all).
const FIRST_MESSAGES: Record<string, readonly string[]> = {
  en: [
    "Hi! The rain jacket I ordered is too big.",
    "The socks are too small, can I send them back?",
    "I want to return my earbuds, I don't need them anymore",
    "hello my coffee maker arrived cracked",
    "What is your refund policy for opened electronics?",
  ],
  es: [
    "Hola, la chaqueta de lluvia me queda grande.",
    "Quiero devolver los calcetines, son pequeños",
    "buenas, me llegó la cafetera rota, que hago?",
    "¿Cuál es su política de reembolso?",
    "Necesito devolver los auriculares, ya no los necesito",
  ],
  de: [
    "Hallo, die Regenjacke ist zu groß.",
    "Die Socken sind zu klein, ich möchte sie zurückgeben",
    "Guten Tag, meine Kaffeemaschine kam kaputt an",
    "Wie lange habe ich Zeit, etwas zurückzuschicken?",
    "Ich brauche die Kopfhörer nicht mehr, kann ich sie zurückgeben?",
  ],
  fr: [
    "Bonjour, la veste de pluie est trop grande.",
    "Les chaussettes sont trop petites, je voudrais les renvoyer",
    "ma cafetière est arrivée cassée, que dois-je faire ?",
    "Quelle est votre politique de remboursement ?",
  ],
  pt: [
    "Olá, a jaqueta de chuva ficou grande demais.",
    "As meias são pequenas, quero devolver",
    "Minha cafeteira chegou quebrada, o que eu faço?",
    "Qual é a política de reembolso de vocês?",
  ],
  it: [
    "Ciao, la giacca antipioggia è troppo grande.",
    "I calzini sono troppo piccoli, vorrei restituirli",
    "La mia caffettiera è arrivata rotta, cosa devo fare?",
    "Qual è la vostra politica di rimborso?",
  ],
  nl: [
    "Ik wil de sokken terugsturen, ze zijn te klein",
    "Mijn koffiezetapparaat is kapot aangekomen, wat moet ik doen?",
    "Wat is jullie beleid voor terugbetalingen?",
    "Goedemiddag, de regenjas die ik besteld heb is veel te groot",
  ],
  ja: [
    "こんにちは、レインジャケットが大きすぎます。",
    "靴下が小さすぎるので返品したいです",
    "コーヒーメーカーが割れて届きました",
    "返金ポリシーを教えてください",
  ],
};

const UNSUPPORTED: readonly [string, string][] = [
  ["pl", "Dzień dobry, kurtka przeciwdeszczowa jest za duża."],
  ["tr", "Merhaba, yağmurluk çok büyük geldi."],
  ["sv", "Hej, regnjackan är för stor och jag vill skicka tillbaka den."],
  ["ru", "Здравствуйте, куртка слишком большая, хочу вернуть."],
  ["ko", "안녕하세요, 우비가 너무 커요. 환불하고 싶어요."],
];

const TOO_SHORT = ["ok", "yes please", "Hola", "ja bitte", "Oui, allez-y", "thanks!", "👍"];

describe("detectLanguage", () => {
  for (const [language, messages] of Object.entries(FIRST_MESSAGES)) {
    it(`names ${language} from a first message`, () => {
      for (const message of messages) {
        expect({ message, detection: detectLanguage(message) }).toEqual({
          message,
          detection: { kind: "supported", language },
        });
      }
    });
  }

  it("names a language it does not speak only when the text is clearly in it", () => {
    for (const [code, message] of UNSUPPORTED) {
      expect({ message, detection: detectLanguage(message) }).toEqual({
        message,
        detection: { kind: "unsupported", code },
      });
    }
  });

  it("is unsure of a few words", () => {
    for (const message of TOO_SHORT) {
      expect({ message, detection: detectLanguage(message) }).toEqual({
        message,
        detection: { kind: "unsure" },
      });
    }
  });

  it("reads kana as Japanese however short", () => {
    expect(detectLanguage("はい")).toEqual({ kind: "supported", language: "ja" });
  });
});

describe("detectLanguage with the store's product names", () => {
  const names = ["Rain jacket", "Wool socks", "Wireless earbuds", "Glass pour-over coffee maker"];

  it("reads the customer's words, not the store's names of their things", () => {
    expect(detectLanguage("Hola, la Rain jacket me queda grande", names)).toEqual({
      kind: "supported",
      language: "es",
    });
    expect(detectLanguage("Hallo, die Wool socks sind mir zu klein", names)).toEqual({
      kind: "supported",
      language: "de",
    });
  });

  it("is unsure when the store's names are all there is", () => {
    expect(detectLanguage("Rain jacket wireless earbuds", names)).toEqual({ kind: "unsure" });
  });
});

describe("detectLanguage and English", () => {
  it("answers an English email in English even when a code-added line makes it look Dutch", () => {
    const email =
      "Hi, my order A1043 arrived and the glass pour-over coffee maker is cracked. The mugs are fine. Can I get my money back for the coffee maker?\n\n[Attachments not stored: crack.jpg (image/jpeg, 18 bytes)]";
    const detection = detectLanguage(email, ["Glass pour-over coffee maker"]);
    expect(detection.kind === "unsure" || detection).toSatisfy(
      (result) => result === true || (result.kind === "supported" && result.language === "en"),
    );
  });
});
