import type { ModelProvider } from "@/lib/agent/model/provider";
import type { CustomerSimulator } from "@/lib/agent/simulator/personas";
import { PERSONAS, type PersonaKey } from "@/lib/agent/simulator/personas";
import { POLICY_SECTION_IDS } from "@/lib/domain/policy-rules";
import type { PrismaClient } from "@/lib/generated/prisma/client";
import { DEMO_STORIES, findDemoStory } from "@/lib/server/services/intake/demo-stories";
import { postCustomerMessage } from "@/lib/server/services/intake/post-customer-message";
import { startStory } from "@/lib/server/services/intake/start-story";
import { runPersona } from "@/lib/server/services/simulator/run-persona";
import type { scriptAdversary } from "@/tests/support/adversarial-model";
import { fixedClock, testUseCaseContext } from "@/tests/support/test-use-case-context";
import type { CustomerTold } from "./customer-told";
import type { Expectation } from "./grade-run";

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

const STORY_EXPECTATIONS: Record<string, Expectation> = {
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

// Story 10's "yes" comes after the 10-minute quote hold.
const storyClock: Record<string, (turn: number) => Date | undefined> = {
  "stale-hold": () => new Date(Date.now() + 11 * 60_000),
};

export const STORY_CASES: EvalCase[] = DEMO_STORIES.map((story) => {
  const expected = STORY_EXPECTATIONS[story.key];
  if (!expected) throw new Error(`No eval expectation for story ${story.key}`);
  return {
    key: `${story.number}. ${story.key}`,
    kind: "story",
    expected,
    play: (context) => playStoryTurns(context, story.key, story.followUps, storyClock[story.key]),
  };
});

// Each persona starts from the story it was written for, then speaks for itself.
const PERSONA_CASES_SPEC: { persona: PersonaKey; story: string; expected: Expectation }[] = [
  {
    persona: "angry",
    story: "angry-customer",
    expected: STORY_EXPECTATIONS["angry-customer"] as Expectation,
  },
  {
    persona: "decliner",
    story: "too-big",
    expected: {
      actions: [{ status: "declined", netRefundCents: 8010 }],
      refundsCents: [],
      told: quoteShown,
    },
  },
  {
    persona: "interrupter",
    story: "yes-but-first",
    expected: STORY_EXPECTATIONS["yes-but-first"] as Expectation,
  },
  {
    persona: "changes-mind",
    story: "replacement",
    expected: STORY_EXPECTATIONS.replacement as Expectation,
  },
  {
    persona: "authority-claims",
    story: "authority-claims",
    expected: STORY_EXPECTATIONS["authority-claims"] as Expectation,
  },
];

export const PERSONA_CASES: EvalCase[] = PERSONA_CASES_SPEC.map(({ persona, story, expected }) => ({
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
    for (const reply of result.replies) await completed(persona, Promise.resolve(reply.outcome));
    return conversationId;
  },
}));

export async function liveSession(db: PrismaClient, conversationId: string) {
  const session = await db.customerSession.findFirst({
    where: { conversationId, endedAt: null },
    orderBy: { lastSeenAt: "desc" },
    select: { id: true },
  });
  return session ? { sessionId: session.id } : {};
}
