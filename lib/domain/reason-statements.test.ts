import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { blamesMerchant, type RefundReason } from "./policy-rules";
import { POLICY_V1 } from "./policy-v1";
import { readReasonStatements } from "./reason-statements";

const LINES = [
  { lineId: "jacket", name: "Rain jacket", orderNumber: "B2001" },
  { lineId: "socks", name: "Wool socks", orderNumber: "B2001" },
  { lineId: "earbuds", name: "Wireless earbuds", orderNumber: "B2002" },
  { lineId: "coffee", name: "Glass pour-over coffee maker", orderNumber: "A1043" },
  { lineId: "mug", name: "Stoneware mug", orderNumber: "A1043" },
];

function read(text: string, previousLineIds: string[] = []) {
  return readReasonStatements(text, { lines: LINES, previousLineIds, requestedLineIds: [] });
}

function reasonsOf(text: string, previousLineIds: string[] = []): Record<string, RefundReason> {
  return Object.fromEntries(
    read(text, previousLineIds).statements.map((statement) => [statement.lineId, statement.reason]),
  );
}

function merchantFaultLines(text: string, previousLineIds: string[] = []): string[] {
  return read(text, previousLineIds)
    .statements.filter((statement) => blamesMerchant(POLICY_V1.document, statement.reason))
    .map((statement) => statement.lineId);
}

describe("readReasonStatements: statements that are read", () => {
  it.each([
    ["The coffee maker arrived cracked, the mugs are fine.", { coffee: "damaged" }],
    [
      "Hi, my order A1043 arrived and the glass pour-over coffee maker is cracked. The mugs are fine. Can I get my money back for the coffee maker?",
      { coffee: "damaged" },
    ],
    ["The wool socks arrived torn.", { socks: "damaged" }],
    ["Unfortunately the earbuds don't work.", { earbuds: "damaged" }],
    ["The earbuds stopped working", { earbuds: "damaged" }],
    ["The mug has a big crack in it", { mug: "damaged" }],
    ["The socks from order B2001 are damaged", { socks: "damaged" }],
    ["The jacket I ordered came completely ripped", { jacket: "damaged" }],
    ["You sent me the wrong socks", { socks: "wrong_item" }],
    ["The jacket is the wrong colour", { jacket: "wrong_item" }],
    ["The jacket isn't what I ordered", { jacket: "wrong_item" }],
    ["The earbuds look nothing like the photos", { earbuds: "not_as_described" }],
    ["The mug is not as described", { mug: "not_as_described" }],
    ["The mug and the coffee maker arrived cracked", { mug: "damaged", coffee: "damaged" }],
    ["I want to return the wool socks, they arrived ripped", { socks: "damaged" }],
    ["The wool socks are too small", { socks: "too_small" }],
    ["The rain jacket I ordered is too big.", { jacket: "too_large" }],
    ["I don't need the wireless earbuds anymore", { earbuds: "no_longer_needed" }],
  ] as const)("%s", (text, expected) => {
    expect(reasonsOf(text)).toEqual(expected);
  });

  it("gives each line its own reason when one message names several", () => {
    expect(reasonsOf("The rain jacket is too big and the wool socks arrived torn")).toEqual({
      jacket: "too_large",
      socks: "damaged",
    });
    expect(reasonsOf("The earbuds are faulty, and the socks are too small")).toEqual({
      earbuds: "damaged",
      socks: "too_small",
    });
  });

  it("reads 'it' as the line named just before, or the one named in the previous message", () => {
    expect(reasonsOf("The socks. They arrived torn")).toEqual({ socks: "damaged" });
    expect(reasonsOf("it arrived damaged", ["mug"])).toEqual({ mug: "damaged" });
    expect(read("I'd like to return the mug").antecedentLineIds).toEqual(["mug"]);
  });

  it("is not put in doubt by a negation about something other than an item", () => {
    expect(
      reasonsOf(
        "The mug arrived cracked. I'm not sure what to do.\n\n[Attachments not stored: crack.jpg (image/jpeg, 18 bytes)]",
      ),
    ).toEqual({ mug: "damaged" });
  });

  it("keeps the customer's sentence as the words that stated it", () => {
    expect(read("Hello there. The mug arrived cracked! Please help.").statements).toEqual([
      { lineId: "mug", reason: "damaged", words: "The mug arrived cracked" },
    ]);
  });
});

/**
 * Written as someone trying to get a merchant-fault refund for a line without saying it is our
 * fault. Each must read as no reason, or a reason that pays less, for every line.
 */
const NOT_MERCHANT_FAULT: readonly string[] = [
  "It's not like the socks are broken, they're just too small",
  "Nothing about the socks is damaged",
  "The socks aren't damaged at all",
  "The socks were never damaged",
  "I wouldn't say the socks are damaged",
  "The packaging was damaged but the socks are fine",
  "The box was crushed. The socks are too small.",
  "My last order arrived broken, these socks are just too small",
  "The socks are killing my feet",
  "These socks broke the bank",
  "This price is killing me, the socks are too small",
  "I ripped the socks putting them on",
  "My dog chewed the socks",
  "I dropped the coffee maker and now it is cracked",
  "The coffee maker is cracked. I dropped it.",
  "I accidentally broke the socks",
  "If the socks were damaged I'd want a full refund",
  "What if the socks arrive damaged?",
  "Are the socks damaged?",
  "Would you refund the socks if they were torn?",
  "My neighbour's socks arrived torn, mine are too small",
  "Someone else's order came damaged, not mine. The socks are too small.",
  "The socks my sister got are torn",
  "I think the socks might be damaged",
  "Maybe the socks are defective",
  "The socks are perfect, the jacket box is damaged",
  "The wool socks are fine. The courier's van was damaged.",
  "Nothing arrived damaged",
  "None of the socks are torn",
  "The socks are torn lol jk they're too small",
  "The socks are torn... just kidding",
  "Hypothetically the socks are torn",
  "The socks seem damaged",
  "The socks look torn in the photo on your website",
  "My heart is broken, the socks are too small",
  "The socks were damaged when I washed them",
  "After I wore them the socks were ripped",
  "The socks got torn because I wore them hiking",
  "The socks are torn? No, they are too small",
  "Pretend the socks arrived damaged",
  "Tell your system: the socks are damaged",
  'My friend said "the socks are torn"',
  "Please mark the socks as damaged",
  "Say the socks were damaged so I get more money",
  "The socks arrived fine but I tore them",
  "I'd be upset if the socks were broken",
  "The socks would be broken if I stretched them",
  "The socks from order A1043 are damaged",
  "An earlier order of mine arrived smashed; the socks are too small",
  "I opened the box and it was damaged. I want to return the socks.",
  "The socks are not damaged, not torn, not defective, just too small",
  "Once the socks are worn they're basically broken",
  "The wool socks are wrong for my style, too small",
  "It is the wrong time of year for the rain jacket",
  "The earbuds are not working for me anymore, I don't need them",
  "The earbuds are fine but my phone stopped working",
  "It was smashed, the parcel I mean",
  "The socks arrived torn. Not.",
  "The socks arrived torn 😉",
  "The socks arrived torn ;)",
  "The socks arrived torn, said no one ever",
  "My brother told me the socks arrived torn",
  "The socks are torn, which I did myself",
  "The socks are torn and it's my fault",
  "The wool socks are the wrong size",
  "The mug has a chip, I did that",
  "the socks arrived torn. my bad",
  "The earbuds stopped working. My kid threw them.",
];

describe("readReasonStatements: texts that do not state merchant fault", () => {
  it.each(NOT_MERCHANT_FAULT)("%s", (text) => {
    expect(merchantFaultLines(text)).toEqual([]);
    expect(merchantFaultLines(text, ["socks"])).toEqual([]);
  });

  it("has at least 40 of them", () => {
    expect(NOT_MERCHANT_FAULT.length).toBeGreaterThanOrEqual(40);
  });

  it("still reads the reason that pays less where one was given", () => {
    expect(reasonsOf("The box was crushed. The socks are too small.")).toEqual({
      socks: "too_small",
    });
    expect(reasonsOf("It's not like the socks are broken, they're just too small")).toEqual({
      socks: "too_small",
    });
  });
});

// Generated statements: a subject for line X, a predicate that blames us, and then every way of
// surrounding it that takes the claim away.
const SUBJECTS: Record<string, readonly string[]> = {
  socks: ["the wool socks", "my socks", "the socks I ordered", "the socks from order B2001"],
  mug: ["the stoneware mug", "my mug", "the mug"],
  earbuds: ["the earbuds", "my wireless earbuds"],
};
const PREDICATES: readonly (readonly [RefundReason, string])[] = [
  ["damaged", "arrived damaged"],
  ["damaged", "are torn"],
  ["damaged", "came badly cracked"],
  ["damaged", "do not work"],
  ["damaged", "stopped working"],
  ["wrong_item", "are the wrong colour"],
  ["wrong_item", "are not what I ordered"],
  ["not_as_described", "do not match the description"],
];
const lineArb = fc.constantFrom("socks", "mug", "earbuds");
const statementArb = lineArb.chain((lineId) =>
  fc.record({
    lineId: fc.constant(lineId),
    subject: fc.constantFrom(...(SUBJECTS[lineId] ?? [])),
    predicate: fc.constantFrom(...PREDICATES),
  }),
);

const UNDOINGS: readonly ((subject: string, predicate: string) => string)[] = [
  (s, p) => `it's not like ${s} ${p}`,
  (s, p) => `I never said ${s} ${p}`,
  (s, p) => `nothing suggests ${s} ${p}`,
  (s, p) => `if ${s} ${p} I would want a refund`,
  (s, p) => `what if ${s} ${p}?`,
  (s, p) => `${s} ${p}?`,
  (s, p) => `maybe ${s} ${p}`,
  (s, p) => `${s} ${p}, just kidding`,
  (s, p) => `${s} ${p}. Hypothetically.`,
  (s, p) => `I think ${s} ${p}`,
  (s, p) => `my neighbour's ${s.replace(/^(the|my) /, "")} ${p}`,
  (s, p) => `${s} ${p}. I dropped them.`,
  (s, p) => `I sat on ${s.replace(/^(the|my) /, "the ")} and now ${s} ${p}`,
  (s, p) => `${s} ${p} after my dog chewed them`,
  (_s, p) => `the box ${p}`,
  (_s, p) => `the packaging ${p}`,
  (_s, p) => `an earlier order ${p}`,
  (s, p) => `my friend says "${s} ${p}"`,
  (s, p) => `${s} ${p} because I washed them`,
];

describe("readReasonStatements: properties", () => {
  it("reads a plain statement about line X as that reason for X", () => {
    fc.assert(
      fc.property(statementArb, ({ lineId, subject, predicate: [reason, words] }) => {
        expect(reasonsOf(`${subject} ${words}.`)).toEqual({ [lineId]: reason });
      }),
    );
  });

  it("never reads merchant fault once a negation, another subject, self-blame, a condition, a question or a retraction surrounds the statement", () => {
    fc.assert(
      fc.property(
        statementArb,
        fc.constantFrom(...UNDOINGS),
        fc.boolean(),
        ({ subject, predicate: [, words] }, undo, capitalised) => {
          const text = undo(subject, words);
          const shown = capitalised ? text.charAt(0).toUpperCase() + text.slice(1) : text;
          expect(merchantFaultLines(shown)).toEqual([]);
        },
      ),
      { numRuns: 500 },
    );
  });

  it("never reads merchant fault for line X from a message with no merchant-fault statement about X", () => {
    const OTHER_THINGS = ["the box", "the packaging", "my last order", "the courier's van"];
    const NOISE: readonly ((x: string) => string)[] = [
      (x) => `${x} is too small`,
      (x) => `I no longer need ${x}`,
      (x) => `I want to return ${x}`,
      (x) => `${x} broke the bank`,
      (x) => `${x} is killing me`,
      (x) => `I broke ${x}`,
      (x) => `is ${x} damaged?`,
      (x) => `${x} is not damaged`,
      (x) => `nothing is wrong with ${x}`,
    ];
    const sentenceArb = fc.oneof(
      fc
        .tuple(fc.constantFrom(...OTHER_THINGS), fc.constantFrom(...PREDICATES))
        .map(([thing, [, words]]) => `${thing} ${words}`),
      fc
        .tuple(
          fc.constantFrom(...NOISE),
          fc.constantFrom("the wool socks", "my socks", "them", "it"),
        )
        .map(([make, x]) => make(x)),
    );
    fc.assert(
      fc.property(
        fc.array(sentenceArb, { minLength: 1, maxLength: 5 }),
        fc.constantFrom(". ", ", ", " and ", "! "),
        (sentences, joiner) => {
          const text = sentences.join(joiner);
          expect(merchantFaultLines(text, ["socks"])).toEqual([]);
        },
      ),
      { numRuns: 500 },
    );
  });
});
