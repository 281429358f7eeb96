import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  asksForPerson,
  questionUnansweredFlag,
  repeatsPreviousReply,
  unsupportedLanguageFlag,
} from "./hand-off";
import { flagPausesAgent, NEEDS_PERSON_KINDS, needsPersonKindLabel } from "./needs-person";

const REQUESTS: Record<string, string[]> = {
  en: [
    "I want to talk to a person",
    "I want to speak to a human, please.",
    "Can I talk to an agent?",
    "Hi, could I please speak with a real person?",
    "Let me talk to someone",
    "Connect me to a representative",
    "Human please",
    "I’d like to speak to a member of staff",
  ],
  es: [
    "Quiero hablar con una persona",
    "¿Puedo hablar con un humano?",
    "Hola, me gustaría hablar con un agente, por favor.",
    "hablar con una persona",
    "Pásame con un operador",
    "Una persona, por favor",
    "Necesito hablar con alguien del equipo",
  ],
  de: [
    "Ich möchte mit einem Menschen sprechen.",
    "Kann ich bitte mit einem Mitarbeiter sprechen?",
    "mit einem Menschen sprechen",
    "Ich will jemanden vom Team sprechen",
    "Hallo, ich würde gerne mit einer echten Person reden",
    "Mitarbeiter bitte",
  ],
  fr: [
    "Je veux parler à un humain",
    "Je voudrais parler à un conseiller, s’il vous plaît",
    "Puis-je parler à quelqu’un ?",
    "parler à une vraie personne",
    "Bonjour, est-ce que je peux parler avec un agent ?",
  ],
  pt: [
    "Quero falar com uma pessoa",
    "Gostaria de falar com um atendente, por favor",
    "Posso falar com alguém da equipe?",
    "falar com um atendente",
  ],
  it: [
    "Voglio parlare con un operatore",
    "Vorrei parlare con una persona vera, per favore",
    "Posso parlare con qualcuno?",
    "parlare con un operatore",
  ],
  nl: [
    "Ik wil met een medewerker spreken",
    "Kan ik een medewerker spreken?",
    "Ik wil graag met iemand praten",
    "met een medewerker spreken",
  ],
  ja: [
    "人と話したい",
    "担当者と話したいです。",
    "すみません、オペレーターに代わってください",
    "担当者をお願いします",
    "オペレーター",
    "人と話せますか？",
  ],
};

const NOT_REQUESTS: Record<string, string[]> = {
  en: [
    "I don't want to talk to a person",
    "I never asked to talk to a human",
    "The agent said my jacket was refundable",
    "I want to talk to a person about a refund for order B2001",
    "Is a person going to read this?",
    "personal",
  ],
  es: [
    "No quiero hablar con una persona",
    "Ya hablé con una persona ayer",
    "Ninguna persona me ayudó",
    "No hace falta hablar con un humano",
    "La persona del almacén me dijo que sí",
  ],
  de: [
    "Ich möchte nicht mit einem Menschen sprechen",
    "Ich will keinen Menschen sprechen",
    "Ich habe schon mit einem Mitarbeiter gesprochen",
  ],
  fr: ["Je ne veux pas parler à un humain", "J'ai déjà parlé à un conseiller"],
  pt: ["Não quero falar com uma pessoa", "Já falei com um atendente"],
  it: ["Non voglio parlare con un operatore", "Ho già parlato con un operatore"],
  nl: ["Ik wil niet met een medewerker spreken", "Ik heb al met een medewerker gesproken"],
  ja: ["人と話したくない", "担当者と話しました", "担当者は不要です", "担当者じゃない"],
};

describe("a request for a person", () => {
  for (const [language, phrases] of Object.entries(REQUESTS)) {
    it(`is heard in the closed grammar (${language})`, () => {
      for (const phrase of phrases) expect(asksForPerson(phrase), phrase).toBe(true);
    });
  }

  for (const [language, phrases] of Object.entries(NOT_REQUESTS)) {
    it(`is not heard in a negation or anything else (${language})`, () => {
      for (const phrase of phrases) expect(asksForPerson(phrase), phrase).toBe(false);
    });
  }

  it("is heard in the clause that asks, among other sentences", () => {
    expect(asksForPerson("My jacket is torn. I want to talk to a person.")).toBe(true);
    expect(asksForPerson("La chaqueta está rota.\nQuiero hablar con una persona")).toBe(true);
  });

  it("is never heard with a negation put before a request", () => {
    const negations = ["no", "not", "nicht", "ne pas", "não", "non", "niet", "never"];
    const requests = Object.values(REQUESTS).flat();
    fc.assert(
      fc.property(
        fc.constantFrom(...negations),
        fc.constantFrom(...requests.filter((phrase) => !/[、,]/.test(phrase))),
        (negation, request) => {
          expect(asksForPerson(`${negation} ${request}`)).toBe(false);
        },
      ),
    );
  });

  it("defaults to no for arbitrary text", () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 60 }), (text) => {
        fc.pre(!/person|human|agent|rep|someone|somebody|operator|staff/i.test(text));
        expect(asksForPerson(text)).toBe(false);
      }),
    );
  });
});

describe("an unsupported language", () => {
  it("is flagged with its name for staff", () => {
    const flag = unsupportedLanguageFlag({ code: "pl", source: "detected" });
    expect(flag?.kind).toBe("language_not_supported");
    expect(flag?.reason).toContain("Polish (pl)");
  });

  it("names a code Intl does not know as it is", () => {
    expect(unsupportedLanguageFlag({ code: "zz-9", source: "detected" })?.reason).toContain(
      'the language "zz-9"',
    );
  });

  it("is no reason to hand over while the language is unknown or supported", () => {
    expect(unsupportedLanguageFlag({ code: null, source: null })).toBeNull();
    expect(unsupportedLanguageFlag({ code: "ja", source: "detected" })).toBeNull();
    expect(unsupportedLanguageFlag({ code: "en", source: "staff" })).toBeNull();
  });
});

describe("a repeated question", () => {
  it("is the same reply twice running, spacing aside", () => {
    expect(
      repeatsPreviousReply("Which item?\nIn order B2001.", "Which item? In order B2001."),
    ).toBe(true);
    expect(repeatsPreviousReply("Which item?", "Which order?")).toBe(false);
    expect(repeatsPreviousReply("Which item?", null)).toBe(false);
    expect(repeatsPreviousReply(" ", " ")).toBe(false);
  });

  it("is flagged with a kind staff can filter on", () => {
    expect(NEEDS_PERSON_KINDS).toContain(questionUnansweredFlag().kind);
  });
});

describe("a flag that pauses the agent", () => {
  it("is a hand-off the customer was told about, not a reply that failed once", () => {
    expect(flagPausesAgent("customer_needs_person")).toBe(true);
    expect(flagPausesAgent("language_not_supported")).toBe(true);
    expect(flagPausesAgent("question_unanswered")).toBe(true);
    expect(flagPausesAgent("agent_could_not_reply")).toBe(false);
    expect(flagPausesAgent("unreadable_reply")).toBe(false);
    expect(flagPausesAgent("model_misconfigured")).toBe(false);
    expect(flagPausesAgent(null)).toBe(false);
  });
});

describe("a flag's label in the inbox", () => {
  it("names each kind in a few words, and shows a kind this code does not know as stored", () => {
    expect(needsPersonKindLabel("language_not_supported")).toBe("Language not supported");
    expect(needsPersonKindLabel("question_unanswered")).toBe("Same question twice");
    expect(needsPersonKindLabel("customer_needs_person")).toBe("Asked for a person");
    expect(needsPersonKindLabel("some_future_kind")).toBe("some_future_kind");
  });
});
