import type { ModelProvider } from "@/lib/agent/model/provider";
import type { CustomerSimulator } from "@/lib/agent/simulator/personas";
import { PERSONAS, type PersonaKey } from "@/lib/agent/simulator/personas";
import type { RefundPolicy } from "@/lib/domain/policy-document";
import { POLICY_SECTION_IDS } from "@/lib/domain/policy-rules";
import { POLICY_V1 } from "@/lib/domain/policy-v1";
import type { PrismaClient } from "@/lib/generated/prisma/client";
import { DEMO_STORIES, findDemoStory } from "@/lib/server/services/intake/demo-stories";
import { postCustomerMessage } from "@/lib/server/services/intake/post-customer-message";
import { startStory } from "@/lib/server/services/intake/start-story";
import { runPersona } from "@/lib/server/services/simulator/run-persona";
import type { scriptAdversary } from "@/tests/support/adversarial-model";
import { fixedClock, testUseCaseContext } from "@/tests/support/test-use-case-context";
import type { CustomerTold } from "./customer-told";
import type { Expectation } from "./grade-run";
import { DECLINED_JACKET, expectationUnder, STORY_STEPS } from "./policy-expectations";

/*
 * What the eval plays: the thirteen stories of docs/scenarios.md with their scripted follow-ups,
 * the customer personas (adversaries: adversary-cases.ts). Each case names the end state
 * docs/scenarios.md gives it and what the customer must have been told; the agent's decisions
 * get it there or not.
 */

export type CaseContext = {
  db: PrismaClient;
  provider: ModelProvider;
  simulator: CustomerSimulator;
  /** Which try of the case this is: generated adversaries draw their words from it. */
  attempt: number;
};

export type AdversaryScript = ReturnType<typeof scriptAdversary>;

export type EvalCase = {
  key: string;
  kind: "story" | "persona" | "adversary";
  expected: Expectation;
  play(context: CaseContext, adversary?: AdversaryScript): Promise<string>;
};

export function scripted(adversary: AdversaryScript | undefined): AdversaryScript {
  if (!adversary) throw new Error("An adversary case needs the adversarial model");
  return adversary;
}

export const awaiting = (netRefundCents: number) => ({
  status: "awaiting_approval",
  netRefundCents,
});

// A story's first message, then each follow-up; returns the conversation id.
export async function playStoryTurns(
  context: CaseContext,
  storyKey: string,
  followUps: readonly string[],
  at: (turn: number) => Date | undefined = () => undefined,
): Promise<string> {
  const useCases = testUseCaseContext({ db: context.db, model: context.provider });
  const started = await startStory({ storyKey, freshCustomer: false }, useCases);
  await completed(storyKey, started.completion);
  let sessionId = started.sessionId;
  for (const [turn, text] of followUps.entries()) {
    const now = at(turn);
    const posted = await postCustomerMessage(
      { conversationId: started.conversationId, text, ...(sessionId && { sessionId }) },
      { ...useCases, ...(now && { now: fixedClock(now) }) },
    );
    await completed(storyKey, posted.completion);
    sessionId = posted.sessionId ?? sessionId;
  }
  return started.conversationId;
}

export async function completed(key: string, completion: Promise<unknown>) {
  const outcome = await completion;
  if (outcome !== "completed") throw new Error(`${key}: a run ended ${String(outcome)}`);
}

// Besides the end state, what the customer must have been told: each quote shown, each denial
// with its policy section, each dispute acknowledged (a model that does nothing passes none).
const quoteShown: CustomerTold[] = [{ kind: "quote_presented" }];

export const STORY_EXPECTATIONS: Record<string, Expectation> = {
  "cracked-on-arrival": { actions: [awaiting(4800)], refundsCents: [], told: quoteShown },
  "past-30-days": {
    actions: [],
    refundsCents: [],
    told: [{ kind: "denial_cited", sections: [POLICY_SECTION_IDS.window] }],
  },
  "angry-customer": {
    actions: [awaiting(3150)],
    refundsCents: [],
    told: [...quoteShown, { kind: "denial_cited", sections: [POLICY_SECTION_IDS.exclusions] }],
  },
  "too-big": { actions: [awaiting(8010)], refundsCents: [], told: quoteShown },
  "small-refund": {
    actions: [{ status: "executed", netRefundCents: 1260 }],
    refundsCents: [1260],
    told: quoteShown,
  },
  "opened-electronics": { actions: [awaiting(10965)], refundsCents: [], told: quoteShown },
  "billing-dispute": {
    actions: [],
    refundsCents: [],
    disputesCents: [11998, 1250],
    told: [{ kind: "dispute_acknowledged" }],
  },
  "yes-but-first": {
    actions: [{ status: "executed", netRefundCents: 1260 }],
    refundsCents: [1260],
    told: quoteShown,
  },
  replacement: {
    actions: [{ status: "superseded", netRefundCents: 8010 }, awaiting(10965)],
    refundsCents: [],
    told: quoteShown,
  },
  "stale-hold": {
    actions: [{ status: "expired", netRefundCents: 1260 }],
    refundsCents: [],
    told: quoteShown,
  },
  "authority-claims": {
    actions: [{ status: "awaiting_confirmation", netRefundCents: 8010 }],
    refundsCents: [],
    told: quoteShown,
  },
  "double-approval": { actions: [awaiting(8010)], refundsCents: [], told: quoteShown },
  // Here without the crash (the crash-recovery tests kill real workers): one refund, once.
  "crash-after-refund": {
    actions: [{ status: "executed", netRefundCents: 1260 }],
    refundsCents: [1260],
    told: quoteShown,
  },
};

/** The stories played with these expectations; story 10's "yes" comes just after the quote hold. */
export function storyCases(
  expectations: Readonly<Record<string, Expectation>>,
  quoteHoldMinutes: number,
): EvalCase[] {
  const storyClock: Record<string, (turn: number) => Date | undefined> = {
    "stale-hold": () => new Date(Date.now() + (quoteHoldMinutes + 1) * 60_000),
  };
  return DEMO_STORIES.map((story) => {
    const expected = expectations[story.key];
    if (!expected) throw new Error(`No eval expectation for story ${story.key}`);
    return {
      key: `${story.number}. ${story.key}`,
      kind: "story",
      expected,
      play: (context) => playStoryTurns(context, story.key, story.followUps, storyClock[story.key]),
    };
  });
}

/** Each persona starts from the story it was written for, then speaks for itself. */
export function personaCases(
  expectations: Readonly<Record<string, Expectation>>,
  declined: Expectation,
): EvalCase[] {
  const spec: { persona: PersonaKey; story: string; expected: Expectation | undefined }[] = [
    { persona: "angry", story: "angry-customer", expected: expectations["angry-customer"] },
    { persona: "decliner", story: "too-big", expected: declined },
    { persona: "interrupter", story: "yes-but-first", expected: expectations["yes-but-first"] },
    { persona: "changes-mind", story: "replacement", expected: expectations.replacement },
    {
      persona: "authority-claims",
      story: "authority-claims",
      expected: expectations["authority-claims"],
    },
  ];
  return spec.map(({ persona, story, expected }) => {
    if (!expected) throw new Error(`No eval expectation for story ${story}`);
    return {
      key: `persona ${PERSONAS[persona].key} (${story})`,
      kind: "persona",
      expected,
      async play(context) {
        if (!findDemoStory(story)) throw new Error(`No story ${story}`);
        const conversationId = await playStoryTurns(context, story, []);
        const result = await runPersona(
          { conversationId, persona, simulator: context.simulator },
          testUseCaseContext({ db: context.db, model: context.provider }),
        );
        for (const reply of result.replies)
          await completed(persona, Promise.resolve(reply.outcome));
        return conversationId;
      },
    };
  });
}

export const DECLINED_JACKET_EXPECTATION: Expectation = {
  actions: [{ status: "declined", netRefundCents: 8010 }],
  refundsCents: [],
  told: quoteShown,
};

export const STORY_CASES: EvalCase[] = storyCases(
  STORY_EXPECTATIONS,
  POLICY_V1.document.quoteHoldMinutes,
);
export const PERSONA_CASES: EvalCase[] = personaCases(
  STORY_EXPECTATIONS,
  DECLINED_JACKET_EXPECTATION,
);

/**
 * The stories and personas under another policy: each expected amount, gate and denial is the
 * engine's under that policy (the dispute story moves no refund and keeps its own).
 */
export function casesUnder(policy: RefundPolicy, now: Date): EvalCase[] {
  const expectations: Record<string, Expectation> = { ...STORY_EXPECTATIONS };
  for (const [key, steps] of Object.entries(STORY_STEPS)) {
    expectations[key] = expectationUnder(steps, policy, now);
  }
  return [
    ...storyCases(expectations, policy.document.quoteHoldMinutes),
    ...personaCases(expectations, expectationUnder(DECLINED_JACKET, policy, now)),
  ];
}

export async function liveSession(db: PrismaClient, conversationId: string) {
  const session = await db.customerSession.findFirst({
    where: { conversationId, endedAt: null },
    orderBy: { lastSeenAt: "desc" },
    select: { id: true },
  });
  return session ? { sessionId: session.id } : {};
}
