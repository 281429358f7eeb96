/*
 * What a person does about a refund the payment provider accepted and then failed or canceled.
 * Its lines are free again (refund-state.ts), and the customer was told by code; only a person
 * can choose another way to pay them.
 */
export function nextStepForProviderFailure(refund: { paidAt: string | null }): string {
  return refund.paidAt !== null
    ? "The provider reported this refund paid, then took it back: the customer was told it was paid and has not got the money. Contact them, agree another way to refund them (another card, store credit), then refund the lines again."
    : "The provider did not pay this refund, so no money reached the customer. Contact them, agree another way to refund them (another card, store credit), then refund the lines again.";
}
