import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { amountAtStake, type StakeAction } from "./amount-at-stake";
import { PENDING_ACTION_STATUSES } from "./pending-action-status";

const at = (minute: number) => new Date(Date.UTC(2026, 11, 6, 10, minute));

describe("amountAtStake", () => {
  it("is the refund waiting for an approver, not a newer quote on the same conversation", () => {
    expect(
      amountAtStake([
        { status: "awaiting_approval", netRefundCents: 8010, createdAt: at(1) },
        { status: "awaiting_confirmation", netRefundCents: 1200, createdAt: at(2) },
      ]),
    ).toBe(8010);
  });

  it("is the newest refund in flight when nobody has to decide, and nothing once all settled", () => {
    expect(
      amountAtStake([
        { status: "declined", netRefundCents: 4800, createdAt: at(1) },
        { status: "proposed", netRefundCents: 900, createdAt: at(2) },
        { status: "awaiting_confirmation", netRefundCents: 1200, createdAt: at(3) },
      ]),
    ).toBe(1200);
    expect(
      amountAtStake([
        { status: "executed", netRefundCents: 4800, createdAt: at(1) },
        { status: "expired", netRefundCents: 900, createdAt: at(2) },
      ]),
    ).toBeNull();
  });

  it("always names one of the actions' amounts, and a waiting one whenever there is one", () => {
    const action = fc.record({
      status: fc.constantFrom(...PENDING_ACTION_STATUSES),
      netRefundCents: fc.integer({ min: 1, max: 1_000_000 }),
      createdAt: fc.integer({ min: 0, max: 10_000 }).map((minute) => at(minute)),
    });
    fc.assert(
      fc.property(fc.array(action, { maxLength: 8 }), (actions: StakeAction[]) => {
        const stake = amountAtStake(actions);
        const waiting = actions.filter((a) =>
          ["awaiting_approval", "needs_reconciliation"].includes(a.status),
        );
        if (waiting.length > 0) {
          expect(waiting.map((a) => a.netRefundCents)).toContain(stake);
        } else if (stake !== null) {
          expect(actions.map((a) => a.netRefundCents)).toContain(stake);
        }
      }),
    );
  });
});
