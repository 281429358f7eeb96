import { normalizeChargeId } from "./charge-ids";
import type { Cents } from "./money";
import { POLICY_SECTION_IDS } from "./policy-rules";

export type LedgerCharge = {
  chargeId: string;
  amountCents: Cents;
  currency: string;
  customerId: string;
};

export type DisputeCategory = "duplicate_charge" | "wrong_amount";
export type DisputeImpact = "low" | "medium" | "high";

export type DisputeRefusalCode =
  | "NO_CHARGES"
  | "INVALID_CHARGE_ID"
  | "UNKNOWN_CHARGE"
  | "MIXED_CURRENCY";

export type DisputeRefusal = {
  chargeId?: string;
  code: DisputeRefusalCode;
  sectionId: typeof POLICY_SECTION_IDS.disputes;
  message: string;
};

export type DisputeDecision =
  | { kind: "refuse"; refused: DisputeRefusal[] }
  | {
      kind: "dispute";
      charges: LedgerCharge[];
      amountCents: Cents;
      currency: string;
      category: DisputeCategory;
      impact: DisputeImpact;
      /** Present when the caller (usually the model) supplied an amount the ledger contradicts. */
      amountCorrected?: { supplied: Cents; actual: Cents };
      refused: DisputeRefusal[];
    };

/** Impact bands: low < $50.00 ≤ medium ≤ $250.00 < high. */
export const DISPUTE_IMPACT_THRESHOLDS = { mediumFromCents: 5000, highAboveCents: 25000 } as const;

export function disputeImpact(amountCents: Cents): DisputeImpact {
  if (amountCents < DISPUTE_IMPACT_THRESHOLDS.mediumFromCents) return "low";
  return amountCents <= DISPUTE_IMPACT_THRESHOLDS.highAboveCents ? "medium" : "high";
}

function refusal(code: DisputeRefusalCode, message: string, chargeId?: string): DisputeRefusal {
  return {
    ...(chargeId === undefined ? {} : { chargeId }),
    code,
    sectionId: POLICY_SECTION_IDS.disputes,
    message,
  };
}

/**
 * Checks a billing dispute against the ledger. The amount is always the ledger's; a charge
 * that is not this customer's is refused exactly like one that does not exist, so the reply
 * never confirms another customer's charge.
 */
export function evaluateDispute(input: {
  chargeIds: readonly string[];
  suppliedAmountCents?: Cents;
  ledger: readonly LedgerCharge[];
  customerId: string;
}): DisputeDecision {
  const refused: DisputeRefusal[] = [];
  const charges: LedgerCharge[] = [];
  for (const raw of input.chargeIds) {
    const chargeId = normalizeChargeId(raw);
    if (chargeId === null) {
      // Not quoted back: what the customer typed is never shown as if it were the right form.
      refused.push(
        refusal(
          "INVALID_CHARGE_ID",
          "A reference you gave is not one of our charge references.",
          raw,
        ),
      );
      continue;
    }
    if (charges.some((charge) => charge.chargeId === chargeId)) continue;
    const charge = input.ledger.find(
      (entry) =>
        normalizeChargeId(entry.chargeId) === chargeId && entry.customerId === input.customerId,
    );
    if (charge === undefined) {
      refused.push(
        refusal(
          "UNKNOWN_CHARGE",
          `I couldn't find a charge with the reference ${chargeId} on your account.`,
          chargeId,
        ),
      );
    } else {
      charges.push({ ...charge, chargeId });
    }
  }
  const [first, ...others] = charges;
  if (first === undefined) {
    return {
      kind: "refuse",
      refused:
        refused.length > 0
          ? refused
          : [refusal("NO_CHARGES", "I need the reference of the charge that looks wrong.")],
    };
  }
  if (others.some((charge) => charge.currency !== first.currency)) {
    return {
      kind: "refuse",
      refused: [
        ...refused,
        refusal("MIXED_CURRENCY", "Charges in different currencies are reviewed separately."),
      ],
    };
  }
  const amountCents = charges.reduce((total, charge) => total + charge.amountCents, 0);
  const amounts = charges.map((charge) => charge.amountCents);
  const { suppliedAmountCents } = input;
  return {
    kind: "dispute",
    charges,
    amountCents,
    currency: first.currency,
    category: new Set(amounts).size < amounts.length ? "duplicate_charge" : "wrong_amount",
    impact: disputeImpact(amountCents),
    ...(suppliedAmountCents !== undefined && suppliedAmountCents !== amountCents
      ? { amountCorrected: { supplied: suppliedAmountCents, actual: amountCents } }
      : {}),
    refused,
  };
}

export type ExistingDispute = { id: string; chargeIds: string[]; resolved: boolean };

/**
 * A charge is under review in at most one unresolved dispute: a second request that names any of
 * its charges joins the dispute already open (the customer is told it exists) instead of opening
 * a duplicate for the billing team to reconcile.
 */
export function openDisputeCovering(
  chargeIds: readonly string[],
  existing: readonly ExistingDispute[],
): ExistingDispute | undefined {
  const canonical = (chargeId: string) => normalizeChargeId(chargeId) ?? chargeId;
  const wanted = new Set(chargeIds.map(canonical));
  return existing.find(
    (dispute) =>
      !dispute.resolved && dispute.chargeIds.some((chargeId) => wanted.has(canonical(chargeId))),
  );
}
