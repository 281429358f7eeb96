/*
 * What a person should do about a refund that failed its last check before money moved. The
 * stored failure reason is the revalidation's own sentences; each maps to one next step.
 */

const NEXT_STEPS: { matches: RegExp; step: string }[] = [
  {
    matches: /refunded since the quote was made|Shipping for this order has been refunded/,
    step: "Another refund already paid for this line. Check the customer's refunds on their profile, then tell the customer which refund covered it.",
  },
  {
    // ORDER_CHANGED (revalidate.ts): the customer was already told, and re-quoted if it qualifies.
    // A line another refund paid says more, so it is matched first.
    matches: /changed (in the store )?since the quote was made|is no longer in the store/,
    step: "The order changed after the customer agreed to the quote (the reason says what moved). The customer was told that no money moved and, if the items still qualify, was sent a new quote; check the ticket for their answer.",
  },
  {
    matches: /no longer on the order/,
    step: "The order changed after the quote. Check the order on the customer's profile and ask the customer what they still want refunded.",
  },
  {
    matches: /different quote|policy now/i,
    step: "The policy gives a different amount now. Ask the customer to request the refund again so they can confirm the new quote.",
  },
  {
    matches: /return window|final sale/,
    step: "The policy no longer allows this refund: the order's facts changed after the quote was confirmed (for example its delivery date). Check the order on the customer's profile and tell the customer why no money moved.",
  },
  {
    matches: /payment provider|No refund exists/,
    step: "The payment did not go through and no money moved. Tell the customer, and ask them to request the refund again if it is still due.",
  },
  {
    matches: /does not belong/,
    step: "The order is not this customer's. Do not refund it here; check the customer's identity with them first.",
  },
];

const FALLBACK_STEP =
  "Read the reason, check the customer's orders and refunds on their profile, then reply to the customer with the outcome.";

export function nextStepForFailedRefund(failureReason: string | null): string {
  if (!failureReason) return FALLBACK_STEP;
  return NEXT_STEPS.find((entry) => entry.matches.test(failureReason))?.step ?? FALLBACK_STEP;
}
