import { evaluateRefund } from "@/lib/domain/evaluate-refund";
import type { Channel } from "@/lib/domain/order-facts";
import type { RefundPolicy } from "@/lib/domain/policy-document";
import type { RefundReason } from "@/lib/domain/policy-rules";
import { buildScenarioOrders } from "@/tests/data/scenario-fixtures";
import type { CustomerTold } from "./customer-told";
import type { Expectation, ExpectedAction } from "./grade-run";

/*
 * The end state of each story under any policy, computed by the engine from what each story asks
 * for, so `npm run eval -- --policy` grades the agent against the draft's own amounts and gates.
 * Under refund policy v1 these equal the hand-written numbers of eval-cases.ts (a test says so).
 */

type ScenarioOrderKey = keyof ReturnType<typeof buildScenarioOrders>;

type RefundRequest = {
  order: ScenarioOrderKey;
  lineIds: readonly string[];
  reason: RefundReason;
  channel: Channel;
};

/**
 * What becomes of a quote in the story: `accepted` — the customer says yes where they are asked
 * (email goes straight to an approver), so the gates decide; the others are the story's own end.
 */
type QuoteFate = "accepted" | "declined" | "awaiting_confirmation" | "expired" | "superseded";

type StoryStep = { request: RefundRequest; fate: QuoteFate };

const JACKET_TOO_BIG: RefundRequest = {
  order: "samB2001",
  lineIds: ["B2001-1"],
  reason: "too_large",
  channel: "chat",
};
const SOCKS_TOO_SMALL: RefundRequest = {
  order: "samB2001",
  lineIds: ["B2001-2"],
  reason: "too_small",
  channel: "chat",
};
const EARBUDS_NOT_NEEDED: RefundRequest = {
  order: "samB2002",
  lineIds: ["B2002-1"],
  reason: "no_longer_needed",
  channel: "chat",
};

/** The refund each story asks for (docs/scenarios.md), and what the customer does with its quote. */
export const STORY_STEPS: Readonly<Record<string, readonly StoryStep[]>> = {
  "cracked-on-arrival": [
    {
      request: { order: "mayaA1043", lineIds: ["A1043-1"], reason: "damaged", channel: "email" },
      fate: "accepted",
    },
  ],
  "past-30-days": [
    {
      request: {
        order: "tomA1021",
        lineIds: ["A1021-1"],
        reason: "no_longer_needed",
        channel: "email",
      },
      fate: "accepted",
    },
  ],
  "angry-customer": [
    {
      request: {
        order: "priyaA1066",
        lineIds: ["A1066-1", "A1066-2"],
        reason: "no_longer_needed",
        channel: "email",
      },
      fate: "accepted",
    },
  ],
  "too-big": [{ request: JACKET_TOO_BIG, fate: "accepted" }],
  "small-refund": [{ request: SOCKS_TOO_SMALL, fate: "accepted" }],
  "opened-electronics": [{ request: EARBUDS_NOT_NEEDED, fate: "accepted" }],
  "yes-but-first": [{ request: SOCKS_TOO_SMALL, fate: "accepted" }],
  replacement: [
    { request: JACKET_TOO_BIG, fate: "superseded" },
    { request: EARBUDS_NOT_NEEDED, fate: "accepted" },
  ],
  "stale-hold": [{ request: SOCKS_TOO_SMALL, fate: "expired" }],
  "authority-claims": [{ request: JACKET_TOO_BIG, fate: "awaiting_confirmation" }],
  "double-approval": [{ request: JACKET_TOO_BIG, fate: "accepted" }],
  "crash-after-refund": [{ request: SOCKS_TOO_SMALL, fate: "accepted" }],
};

/** The persona "decliner" turns down the jacket quote of story 4. */
export const DECLINED_JACKET: readonly StoryStep[] = [
  { request: JACKET_TOO_BIG, fate: "declined" },
];

/** The expected end state of a story's steps under `policy`, quoted at `now`. */
export function expectationUnder(
  steps: readonly StoryStep[],
  policy: RefundPolicy,
  now: Date,
): Expectation {
  const orders = buildScenarioOrders(now);
  const actions: ExpectedAction[] = [];
  const refundsCents: number[] = [];
  const told: CustomerTold[] = [];
  const cite = (sections: readonly string[]) => {
    if (sections.length > 0) told.push({ kind: "denial_cited", sections: [...new Set(sections)] });
  };
  for (const { request, fate } of steps) {
    const decision = evaluateRefund({
      order: orders[request.order],
      selectedLineIds: request.lineIds,
      reason: request.reason,
      channel: request.channel,
      now,
      policy,
    });
    if (decision.kind === "deny") {
      cite(decision.reasons.map((reason) => reason.sectionId));
      continue;
    }
    const netRefundCents = decision.quote.netRefundCents;
    const status =
      fate !== "accepted" ? fate : decision.gates.staffApproval ? "awaiting_approval" : "executed";
    actions.push({ status, netRefundCents });
    if (status === "executed") refundsCents.push(netRefundCents);
    if (!told.some((one) => one.kind === "quote_presented")) told.push({ kind: "quote_presented" });
    cite(decision.refused.map((reason) => reason.sectionId));
  }
  return { actions, refundsCents, told };
}
