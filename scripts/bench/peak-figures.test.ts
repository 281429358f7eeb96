import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  ALLOWED_BEYOND_MODEL_MS,
  customerFigures,
  drawModelDelayMs,
  judgePeak,
  parseModelDelay,
} from "./peak-figures";

describe("parseModelDelay", () => {
  it("reads a fixed delay and a range", () => {
    expect(parseModelDelay("1000")).toEqual({ minMs: 1000, maxMs: 1000 });
    expect(parseModelDelay("1000-5000")).toEqual({ minMs: 1000, maxMs: 5000 });
    expect(parseModelDelay(" 0 - 20 ")).toEqual({ minMs: 0, maxMs: 20 });
  });

  it("refuses what is not a delay or a range", () => {
    for (const text of ["", "1s", "-5", "1000-", "1.5", "5000-1000", "1000-5000-9000"]) {
      expect(() => parseModelDelay(text), text).toThrow();
    }
  });
});

describe("drawModelDelayMs", () => {
  it("stays within the range, ends included, in whole milliseconds", () => {
    fc.assert(
      fc.property(
        fc.nat(10_000),
        fc.nat(10_000),
        fc.double({ min: 0, max: 1, maxExcluded: true, noNaN: true }),
        (a, b, random) => {
          const delay = { minMs: Math.min(a, b), maxMs: Math.max(a, b) };
          const drawn = drawModelDelayMs(delay, () => random);
          expect(Number.isInteger(drawn)).toBe(true);
          expect(drawn).toBeGreaterThanOrEqual(delay.minMs);
          expect(drawn).toBeLessThanOrEqual(delay.maxMs);
        },
      ),
    );
  });

  it("reaches both ends of the range", () => {
    const delay = { minMs: 1000, maxMs: 5000 };
    expect(drawModelDelayMs(delay, () => 0)).toBe(1000);
    expect(drawModelDelayMs(delay, () => 0.999_999_99)).toBe(5000);
  });
});

describe("customerFigures", () => {
  it("counts only the model calls answered before the answer was stored", () => {
    const figures = customerFigures({
      postedAt: 100,
      answer: { createdAt: 2_300, seenAt: 3_600 },
      modelCalls: [
        // Listed out of order. The last call came after the answer was stored and was answered
        // before the customer's snapshot showed it: the customer did not wait on it.
        { arrivedAt: 2_450, delayMs: 1_000, answeredAt: 3_452 },
        { arrivedAt: 1_230, delayMs: 1_000, answeredAt: 2_232 },
        { arrivedAt: 200, delayMs: 1_000, answeredAt: 1_201 },
      ],
    });
    expect(figures).toEqual({
      firstAnswerMs: 3_500,
      firstModelRequestMs: 100,
      modelDelayBeforeAnswerMs: 2_000,
      beyondModelMs: 1_500,
      stepOverheadsMs: [29, 218],
      shownAfterModelMs: 1_368,
      deliveryMs: 1_300,
    });
  });

  it("leaves the answer figures empty for a customer never answered", () => {
    const figures = customerFigures({
      postedAt: 0,
      answer: null,
      modelCalls: [{ arrivedAt: 5_000, delayMs: 1_000, answeredAt: 6_000 }],
    });
    expect(figures.firstAnswerMs).toBeNull();
    expect(figures.beyondModelMs).toBeNull();
    expect(figures.deliveryMs).toBeNull();
    expect(figures.firstModelRequestMs).toBe(5_000);
  });

  it("has no model request for a conversation the model never saw", () => {
    const figures = customerFigures({
      postedAt: 0,
      answer: { createdAt: 850, seenAt: 900 },
      modelCalls: [],
    });
    expect(figures.firstModelRequestMs).toBeNull();
    expect(figures.beyondModelMs).toBe(900);
    expect(figures.stepOverheadsMs).toEqual([]);
    expect(figures.shownAfterModelMs).toBeNull();
  });
});

describe("judgePeak", () => {
  const answered = (beyondModelMs: number) =>
    customerFigures({
      postedAt: 0,
      answer: { createdAt: 1_000 + beyondModelMs, seenAt: 1_000 + beyondModelMs },
      modelCalls: [{ arrivedAt: 0, delayMs: 1_000, answeredAt: 1_000 }],
    });

  it("passes when every customer waited at most the model plus the allowance", () => {
    expect(judgePeak([answered(0), answered(ALLOWED_BEYOND_MODEL_MS)], 0)).toEqual({
      passed: true,
      unanswered: 0,
      late: 0,
    });
  });

  it("fails on one late customer, one unanswered customer, or one error", () => {
    expect(judgePeak([answered(0), answered(ALLOWED_BEYOND_MODEL_MS + 1)], 0)).toMatchObject({
      passed: false,
      late: 1,
    });
    const unanswered = customerFigures({ postedAt: 0, answer: null, modelCalls: [] });
    expect(judgePeak([answered(0), unanswered], 0)).toMatchObject({
      passed: false,
      unanswered: 1,
    });
    expect(judgePeak([answered(0)], 1).passed).toBe(false);
  });
});
