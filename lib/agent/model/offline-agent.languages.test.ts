import { describe, expect, it } from "vitest";
import type { Language } from "@/lib/domain/languages";
import { decideNextStep } from "./offline-agent";
import type { ActionSnapshot, ConversationState, TranscriptItem } from "./provider";

function state(code: string | null): ConversationState {
  return {
    conversationId: "c1",
    channel: "chat",
    customerName: "Ana Ruiz",
    customerEmail: "ana@example.com",
    language: { code, source: code === null ? null : "detected" },
    actions: [],
  };
}

function decide(transcript: TranscriptItem[], code: string | null, actions: ActionSnapshot[] = []) {
  return decideNextStep({
    system: "",
    transcript,
    tools: [],
    state: { ...state(code), actions },
    signal: new AbortController().signal,
  });
}

let steps = 0;
const customer = (text: string): TranscriptItem => ({ kind: "customer", text, messageId: "m" });
function toolStep(name: string, args: object, result: object, isError = false): TranscriptItem[] {
  const id = `call_${++steps}`;
  return [
    {
      kind: "assistant",
      text: "",
      toolCalls: [{ id, name, argumentsJson: JSON.stringify(args) }],
      stepId: id,
    },
    {
      kind: "tool_result",
      toolCallId: id,
      toolName: name,
      resultJson: JSON.stringify(result),
      isError,
      stepId: id,
    },
  ];
}

const orders = {
  orders: [
    {
      orderNumber: "B2001",
      lines: [
        { lineId: "l_jacket", name: "Rain jacket" },
        { lineId: "l_socks", name: "Wool socks" },
      ],
    },
  ],
};

/** The reply the agent sends once the customer's orders are looked up. */
function replyTo(text: string, code: string | null, before: TranscriptItem[] = []) {
  const transcript = [...before, customer(text), ...toolStep("lookup_order", {}, orders)];
  return { transcript, decision: decide(transcript, code) };
}

describe("the offline agent in the customer's language", () => {
  it("walks a Spanish request naming a store item to a proposal, with the least generous reason", () => {
    const transcript = [customer("Hola, quiero devolver la Rain jacket, me queda grande.")];
    expect(decide(transcript, "es").call?.name).toBe("lookup_order");
    transcript.push(...toolStep("lookup_order", {}, orders));
    expect(decide(transcript, "es").call).toEqual({
      name: "check_refund_policy",
      args: { orderNumber: "B2001" },
    });
    transcript.push(
      ...toolStep("check_refund_policy", {}, { refundableLineIds: ["l_jacket", "l_socks"] }),
    );
    expect(decide(transcript, "es").call).toEqual({
      name: "propose_refund",
      args: { orderNumber: "B2001", lineIds: ["l_jacket"], reason: "no_longer_needed" },
    });
  });

  it.each<[Language, string, string]>([
    [
      "es",
      "Quiero devolver algo de mi pedido",
      "Con gusto te ayudo. ¿Qué artículo quieres devolver y qué le pasa?\nEn tu pedido B2001: Rain jacket, Wool socks.",
    ],
    [
      "de",
      "Ich möchte etwas zurückgeben",
      "Gerne helfe ich dir. Welchen Artikel möchtest du zurückgeben, und was ist damit?\nIn deiner Bestellung B2001: Rain jacket, Wool socks.",
    ],
    [
      "ja",
      "返品したいです",
      "喜んでお手伝いします。どの商品を返品されますか？また、どのような問題がありますか？\nご注文 B2001 の商品：Rain jacket、Wool socks。",
    ],
  ])(
    "asks which item in %s, listing the order's lines by their store names",
    (code, text, body) => {
      expect(replyTo(text, code).decision.call).toEqual({
        name: "send_customer_message",
        args: { body },
      });
    },
  );

  it("uses no refund word of its own when it asks which item", () => {
    const body = String(replyTo("Quiero un reembolso", "es").decision.call?.args.body);
    expect(body).not.toMatch(/reembols|devoluci[oó]n de dinero|\d+[,.]\d{2}/i);
  });

  it("lists the lines in English too, so naming one is answer enough", () => {
    const { decision } = replyTo("I want to return something", "en");
    expect(decision.call?.args.body).toContain("In your order B2001: Rain jacket, Wool socks.");
  });

  it("asks again without the list when the claim check refused a store name in it", () => {
    const first = replyTo("Quiero devolver algo", "es");
    const refused = [
      ...first.transcript,
      ...toolStep("send_customer_message", first.decision.call?.args ?? {}, {}, true),
    ];
    expect(decide(refused, "es").call?.args).toEqual({
      body: "Con gusto te ayudo con una devolución. ¿Qué artículo quieres devolver y qué le pasa?",
    });
  });

  it("answers in the language the customer writes in while the conversation's is unknown", () => {
    const body = String(
      replyTo("Hola, me gustaría devolver un artículo de mi pedido, por favor.", null).decision.call
        ?.args.body,
    );
    expect(body).toContain("¿Qué artículo quieres devolver");
  });

  it("hands over when it would ask the same question twice running", () => {
    const first = replyTo("Quiero devolver algo", "es");
    const asked = first.decision.call?.args ?? {};
    const earlier = [
      ...first.transcript,
      ...toolStep("send_customer_message", asked, { sent: true }),
    ];
    const second = replyTo("Pues eso, devolver algo", "es", earlier);
    expect(second.decision.call).toEqual({
      name: "hand_off_to_person",
      args: {
        kind: "question_unanswered",
        reason: expect.stringContaining("same question twice"),
      },
    });
    const handed = [
      ...second.transcript,
      ...toolStep("hand_off_to_person", {}, { handedOff: true }),
    ];
    expect(decide(handed, "es")).toEqual({ text: "" });
  });

  it("asks again when its first question never reached the customer", () => {
    const first = replyTo("Quiero devolver algo", "es");
    const refused = [
      ...first.transcript,
      ...toolStep("send_customer_message", first.decision.call?.args ?? {}, {}, true),
    ];
    expect(replyTo("Pues eso, devolver algo", "es", refused).decision.call?.name).toBe(
      "send_customer_message",
    );
  });

  it.each([
    ["es", "Quiero hablar con una persona"],
    ["de", "Kann ich mit einem Menschen sprechen?"],
    ["ja", "担当者と話したいです"],
  ])("hands over when the customer asks for a person (%s)", (code, text) => {
    expect(decide([customer(text)], code).call).toEqual({
      name: "hand_off_to_person",
      args: { kind: "customer_needs_person", reason: expect.any(String) },
    });
  });

  it("meets pushback a second time in other words, never sending the same reply twice", () => {
    const first = decide([customer("I'll file a chargeback")], "es");
    expect(first.call?.name).toBe("send_customer_message");
    const transcript = [
      customer("I'll file a chargeback"),
      ...toolStep("send_customer_message", first.call?.args ?? {}, { sent: true }),
      customer("I want to talk to a manager right now"),
    ];
    const again = decide(transcript, "es").call?.args.body;
    expect(again).toBe(
      "Te entiendo. También se lo he pasado a nuestro equipo, y una persona revisará tu caso personalmente.",
    );
  });

  it("does not hand over on a negated request", () => {
    expect(decide([customer("No quiero hablar con una persona")], "es").call?.name).not.toBe(
      "hand_off_to_person",
    );
  });

  it("hands a conversation in a language it does not speak to a person", () => {
    expect(decide([customer("Chcę zwrócić kurtkę")], "pl").call).toEqual({
      name: "hand_off_to_person",
      args: { kind: "language_not_supported", reason: expect.stringContaining("Polish") },
    });
  });

  it.each([
    ["es", "¿Cuántos días tengo para devolver algo?"],
    ["de", "Wie lange habe ich Zeit für eine Rückgabe?"],
    ["ja", "返品の期限は何日ですか？"],
  ])("passes a policy question in %s to the policy tool as asked", (code, text) => {
    expect(decide([customer(text)], code).call).toEqual({
      name: "answer_policy_question",
      args: { question: text },
    });
  });

  it("introduces the policy in the customer's language", () => {
    const transcript = [
      customer("¿Cuál es el plazo de la política?"),
      ...toolStep(
        "answer_policy_question",
        {},
        { sections: [{ id: "§2", title: "Plazo", text: "30 días" }] },
      ),
    ];
    const body = String(decide(transcript, "es").call?.args.body);
    expect(body.startsWith("Esto es lo que dice nuestra política de reembolsos:")).toBe(true);
  });

  it("answers a question on a suspended quote in any language with the policy and the quote's status", () => {
    const suspended: ActionSnapshot = {
      id: "pa_1",
      status: "suspended",
      orderNumber: "B2001",
      lineNames: ["Rain jacket"],
      reason: "no_longer_needed",
      netRefundCents: 8010,
      currency: "USD",
      needsApproval: false,
      quoteMarkdown: "| Rain jacket |",
      returnFees: [],
      updatedAt: new Date(0).toISOString(),
      refundState: null,
      decision: null,
    };
    const interrupt: TranscriptItem = {
      kind: "system_note",
      text: "Customer intent: interrupt.",
      messageId: "n",
      facts: { kind: "customer_intent", intent: "interrupt", open: null },
    };
    const transcript = [customer("Moment, gilt das auch für Jacken?"), interrupt];
    expect(decide(transcript, "de", [suspended]).call?.name).toBe("answer_policy_question");
    transcript.push(
      ...toolStep(
        "answer_policy_question",
        {},
        { sections: [{ id: "§1", title: "T", text: "x" }] },
      ),
    );
    expect(decide(transcript, "de", [suspended]).call?.args).toMatchObject({
      body: expect.stringMatching(/^Das steht in unseren Erstattungsrichtlinien:/),
      statements: [{ kind: "refund_status", actionId: "pa_1" }],
    });
  });
});
