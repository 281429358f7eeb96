/*
 * The arithmetic of bench:peak, apart from the servers it drives so it can be tested: the model
 * delay option, and what one customer's timeline says about the server. All times are
 * milliseconds on one monotonic clock (the bench's performance.now()).
 */

/** The fake model's wait before each answer: a fixed delay, or uniform in a range per call. */
export type ModelDelay = { minMs: number; maxMs: number };

/** `1000` or `1000-5000` (inclusive bounds, whole milliseconds). */
export function parseModelDelay(text: string): ModelDelay {
  const match = /^\s*(\d+)\s*(?:-\s*(\d+)\s*)?$/.exec(text);
  if (!match) throw new Error(`"${text}" is not a delay in ms (1000) or a range (1000-5000)`);
  const minMs = Number(match[1]);
  const maxMs = match[2] === undefined ? minMs : Number(match[2]);
  if (maxMs < minMs) throw new Error(`the range "${text}" ends before it starts`);
  return { minMs, maxMs };
}

export function describeModelDelay(delay: ModelDelay): string {
  return delay.minMs === delay.maxMs
    ? `${delay.minMs} ms`
    : `uniform ${delay.minMs}–${delay.maxMs} ms per call`;
}

/** One delay, `random` in [0, 1) as Math.random gives it. */
export function drawModelDelayMs(delay: ModelDelay, random: () => number): number {
  return delay.minMs + Math.floor(random() * (delay.maxMs - delay.minMs + 1));
}

/** One request the fake model served: when it arrived, the delay drawn, when it answered. */
export type ModelCall = { arrivedAt: number; delayMs: number; answeredAt: number };

/** A customer's first answer: stored by the server, then seen by the customer in a snapshot. */
export type FirstAnswer = { createdAt: number; seenAt: number };

/** One customer as the bench saw them: their message posted, their first answer. */
export type CustomerTimeline = {
  postedAt: number;
  /** Null when no answer came before the deadline. */
  answer: FirstAnswer | null;
  /** Every model request made for this customer's conversation, in any order. */
  modelCalls: ModelCall[];
};

export type CustomerFigures = {
  /** From the POST to the snapshot showing the answer. */
  firstAnswerMs: number | null;
  /** From the POST to the conversation's first model request: the wait for a worker. */
  firstModelRequestMs: number | null;
  /**
   * The delays of the model calls the answer waited on: those answered before it was stored. A
   * run goes on after its answer (its next request may even be answered before the customer's
   * snapshot shows it), and those calls are no part of the customer's wait.
   */
  modelDelayBeforeAnswerMs: number;
  /** The first answer less those delays: what the server, not the model, made them wait. */
  beyondModelMs: number | null;
  /** For each model request after a run's first: the time since the previous one answered. */
  stepOverheadsMs: number[];
  /** From the model answer the first answer followed to the customer seeing it. */
  shownAfterModelMs: number | null;
  /** From the answer being stored to the customer seeing it (event stream and snapshot). */
  deliveryMs: number | null;
};

export function customerFigures(timeline: CustomerTimeline): CustomerFigures {
  const calls = [...timeline.modelCalls].sort((a, b) => a.arrivedAt - b.arrivedAt);
  const { answer, postedAt } = timeline;
  const before = answer === null ? [] : calls.filter((call) => call.answeredAt <= answer.createdAt);
  const modelDelayBeforeAnswerMs = before.reduce((sum, call) => sum + call.delayMs, 0);
  const lastBefore = before.at(-1);
  const firstAnswerMs = answer === null ? null : answer.seenAt - postedAt;
  return {
    firstAnswerMs,
    firstModelRequestMs: calls[0] ? calls[0].arrivedAt - postedAt : null,
    modelDelayBeforeAnswerMs,
    beyondModelMs: firstAnswerMs === null ? null : firstAnswerMs - modelDelayBeforeAnswerMs,
    stepOverheadsMs: calls
      .slice(1)
      .map((call, index) => call.arrivedAt - (calls[index] as ModelCall).answeredAt),
    shownAfterModelMs:
      answer === null || lastBefore === undefined ? null : answer.seenAt - lastBefore.answeredAt,
    deliveryMs: answer === null ? null : answer.seenAt - answer.createdAt,
  };
}

/** The target: every customer answered within the model's delays plus this. */
export const ALLOWED_BEYOND_MODEL_MS = 1_000;

export type PeakVerdict = { passed: boolean; unanswered: number; late: number };

export function judgePeak(figures: CustomerFigures[], errors: number): PeakVerdict {
  const unanswered = figures.filter((figure) => figure.beyondModelMs === null).length;
  const late = figures.filter(
    (figure) => figure.beyondModelMs !== null && figure.beyondModelMs > ALLOWED_BEYOND_MODEL_MS,
  ).length;
  return { passed: errors === 0 && unanswered === 0 && late === 0, unanswered, late };
}
