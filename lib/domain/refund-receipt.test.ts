import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { type AuditRowFields, auditKeyBytes, sealAuditRows } from "./audit-chain";
import type { Role } from "./authz";
import { sha256Hex } from "./canonical-hash";
import { hashQuote, type Quote } from "./quote";
import {
  canonicalRefundReceipt,
  type ReceiptConsent,
  type RefundReceipt,
  refundReceiptSchema,
  signRefundReceipt,
  toReceiptAuditEvent,
  type UnsignedRefundReceipt,
} from "./refund-receipt";
import { verifyRefundReceipt } from "./refund-receipt-verification";

const KEY = auditKeyBytes("unit-test-audit-key-unit-test-audit-key");
const OTHER_KEY = auditKeyBytes("someone-else-entirely-someone-else-00000");

const QUOTE: Quote = {
  policyVersion: "2025-01",
  orderId: "ord_1043",
  orderNumber: "A1043",
  customerId: "cus_maya",
  currency: "USD",
  lines: [
    {
      lineId: "ln_coffee",
      name: "Coffee maker",
      quantity: 1,
      unitPriceCents: 4800,
      subtotalCents: 4800,
      feeRateBasisPoints: 0,
      feeCents: 0,
    },
  ],
  reason: "damaged",
  subtotalCents: 4800,
  feeCents: 0,
  shippingRefundCents: 0,
  netRefundCents: 4800,
  refundTarget: "Visa •4242",
};
const QUOTE_HASH = hashQuote(QUOTE);
const ACTION = "pa_1";
const REFUND = "rf_1";
const CONVERSATION = "conv_1";
const APPROVER = "staff_avery";

type Scenario = {
  consent: ReceiptConsent["via"];
  approval: { roles: Role[]; configuredLimit: number | null } | null;
  /** Staff confirmed for the customer (demo mode). */
  onBehalfBy?: string;
  providerStatus?: string;
};

const TYPED_WITH_APPROVAL: Scenario = {
  consent: "message",
  approval: { roles: ["approver"], configuredLimit: 30_000 },
};
const BUTTON_AUTO: Scenario = { consent: "button", approval: null };
const EMAIL_APPROVED: Scenario = {
  consent: "not_required",
  approval: { roles: ["admin"], configuredLimit: null },
};

let nextId = 500;
function row(
  kind: string,
  subject: [type: string, id: string],
  actor: [kind: string, id: string | null],
  payload: unknown,
  second: number,
): AuditRowFields {
  nextId += 1;
  return {
    id: String(nextId),
    kind,
    actorKind: actor[0],
    actorId: actor[1],
    subjectType: subject[0],
    subjectId: subject[1],
    conversationId: subject[0] === "setting" ? null : CONVERSATION,
    payload,
    createdAt: new Date(Date.UTC(2025, 2, 15, 12, 0, second)).toISOString(),
  };
}

const MESSAGE = {
  id: "msg_yes",
  authorKind: "customer",
  createdAt: new Date(Date.UTC(2025, 2, 15, 12, 0, 3)).toISOString(),
  body: "Yes please, $48.00 to my Visa is fine.",
};

/** A receipt as the export builds one, from a chain sealed the way the sealer seals it. */
function buildReceipt(scenario: Scenario): RefundReceipt {
  const action = ["pending_action", ACTION] as [string, string];
  const system = ["system", null] as [string, null];
  const customer = ["customer", "cus_maya"] as [string, string];
  const chat = scenario.consent !== "not_required";
  const rows: Record<string, AuditRowFields> = {};
  const ordered: AuditRowFields[] = [
    row("ticket.note_added", ["conversation", "conv_other"], system, { x: 1 }, 0),
  ];
  const add = (name: string, fields: AuditRowFields) => {
    rows[name] = fields;
    ordered.push(fields);
  };
  if (scenario.approval?.configuredLimit != null) {
    add(
      "approverLimitSetting",
      row(
        "setting.changed",
        ["setting", "approverLimitCents"],
        ["staff", "staff_ada"],
        {
          key: "approverLimitCents",
          oldValue: 50_000,
          newValue: scenario.approval.configuredLimit,
        },
        1,
      ),
    );
  }
  add(
    "created",
    row(
      "pending_action.created",
      action,
      ["agent", null],
      {
        status: "proposed",
        conversationId: CONVERSATION,
        customerId: QUOTE.customerId,
        channel: chat ? "chat" : "email",
        orderId: QUOTE.orderId,
        lineIds: ["ln_coffee"],
        reason: "damaged",
        netRefundCents: 4800,
        currency: "USD",
        quoteHash: QUOTE_HASH,
        policyVersion: QUOTE.policyVersion,
        gates: { customerConfirmation: chat, staffApproval: scenario.approval !== null },
        requestedBy: "agent",
        expiresAt: "2025-03-15T12:30:00.000Z",
      },
      2,
    ),
  );
  if (chat) {
    add(
      "confirmed",
      row(
        "pending_action.confirmed",
        action,
        scenario.onBehalfBy ? ["staff", scenario.onBehalfBy] : customer,
        {
          from: "awaiting_confirmation",
          to: scenario.approval ? "awaiting_approval" : "approved",
          quoteHash: QUOTE_HASH,
          conversationId: CONVERSATION,
          customerId: QUOTE.customerId,
          ...(scenario.onBehalfBy ? { onBehalfOfCustomerBy: scenario.onBehalfBy } : {}),
        },
        4,
      ),
    );
  }
  if (scenario.approval) {
    add(
      "approved",
      row(
        "pending_action.approved",
        action,
        ["staff", APPROVER],
        {
          from: chat ? "awaiting_approval" : "awaiting_approval",
          to: "approved",
          approverId: APPROVER,
          roles: scenario.approval.roles,
          quoteHash: QUOTE_HASH,
          netRefundCents: 4800,
        },
        5,
      ),
    );
  }
  add(
    "executed",
    row(
      "refund.executed",
      ["refund", REFUND],
      system,
      {
        pendingActionId: ACTION,
        providerRefundId: "re_ledger_1",
        idempotencyKey: `refund:${ACTION}`,
        orderId: QUOTE.orderId,
        customerId: QUOTE.customerId,
        lineIds: ["ln_coffee"],
        amountCents: 4800,
        shippingCents: 0,
        currency: "USD",
        target: "Visa •4242",
        quoteHash: QUOTE_HASH,
      },
      6,
    ),
  );
  if (scenario.consent === "button") {
    add(
      "buttonPress",
      row(
        "widget_quote.answered",
        action,
        customer,
        {
          conversationId: CONVERSATION,
          sessionId: "ses_1",
          answer: "confirm",
          quoteHash: QUOTE_HASH,
          outcome: "executed",
        },
        7,
      ),
    );
  }
  if (scenario.providerStatus) {
    add(
      "providerState",
      row(
        "refund.provider_state_changed",
        ["refund", REFUND],
        system,
        {
          pendingActionId: ACTION,
          provider: "ledger",
          providerRefundId: "re_ledger_1",
          from: "succeeded",
          to: scenario.providerStatus,
          reason: null,
          providerEventId: "evt_1",
        },
        8,
      ),
    );
  }
  const sealed = sealAuditRows(KEY, null, ordered);
  const byName = (name: string) => {
    const found = sealed.find((candidate) => candidate.id === rows[name]?.id);
    return found ? toReceiptAuditEvent(found) : null;
  };
  const consent: ReceiptConsent =
    scenario.consent === "message"
      ? { via: "message", message: { ...MESSAGE, bodySha256: sha256Hex(MESSAGE.body) } }
      : { via: scenario.consent };
  const limitCents = scenario.approval?.roles.includes("admin")
    ? null
    : (scenario.approval?.configuredLimit ?? 50_000);
  const unsigned: UnsignedRefundReceipt = {
    version: 1,
    exportedAt: "2025-03-16T09:00:00.000Z",
    refund: {
      id: REFUND,
      pendingActionId: ACTION,
      conversationId: CONVERSATION,
      customerId: QUOTE.customerId,
      orderId: QUOTE.orderId,
      providerRefundId: "re_ledger_1",
      amountCents: 4800,
      currency: "USD",
      status: scenario.providerStatus ?? "succeeded",
    },
    quote: { hash: QUOTE_HASH, snapshot: QUOTE },
    consent,
    approval: scenario.approval ? { approverId: APPROVER, limitCents } : null,
    events: {
      created: byName("created") as NonNullable<ReturnType<typeof byName>>,
      confirmed: byName("confirmed"),
      buttonPress: byName("buttonPress"),
      approved: byName("approved"),
      approverLimitSetting: byName("approverLimitSetting"),
      executed: byName("executed") as NonNullable<ReturnType<typeof byName>>,
      providerState: byName("providerState"),
    },
  };
  return signRefundReceipt(KEY, unsigned);
}

/** A deep copy changed by `edit`, signed again with the key: only the cross-checks can catch it. */
function resigned(receipt: RefundReceipt, edit: (copy: RefundReceipt) => void): RefundReceipt {
  const copy = structuredClone(receipt);
  edit(copy);
  const { receiptMac: _old, ...unsigned } = copy;
  return signRefundReceipt(KEY, unsigned);
}

function problemsOf(receipt: unknown, key = KEY): string[] {
  const verdict = verifyRefundReceipt(receipt, key);
  return verdict.ok ? [] : verdict.problems;
}

describe("verifyRefundReceipt on receipts as exported", () => {
  it.each([
    ["typed yes, then an approver under a changed limit", TYPED_WITH_APPROVAL],
    ["the Confirm button, paid with no approver", BUTTON_AUTO],
    ["an email request an admin approved (no customer confirmation asked)", EMAIL_APPROVED],
    ["a refund the provider later reported failed", { ...BUTTON_AUTO, providerStatus: "failed" }],
    [
      "an approver at the default limit",
      { consent: "message", approval: { roles: ["approver"], configuredLimit: null } },
    ],
  ] satisfies [string, Scenario][])("%s verifies", (_name, scenario) => {
    expect(verifyRefundReceipt(buildReceipt(scenario), KEY)).toEqual({ ok: true });
  });

  it("survives a round trip through its canonical JSON, whatever the key order it is read in", () => {
    const receipt = buildReceipt(TYPED_WITH_APPROVAL);
    const text = canonicalRefundReceipt(receipt);
    expect(verifyRefundReceipt(JSON.parse(text), KEY)).toEqual({ ok: true });
    const reversed = Object.fromEntries(Object.entries(receipt).reverse());
    expect(canonicalRefundReceipt(reversed as RefundReceipt)).toBe(text);
  });

  it("fails under another key: the receipt's MAC and every event's hash", () => {
    const problems = problemsOf(buildReceipt(TYPED_WITH_APPROVAL), OTHER_KEY);
    expect(problems[0]).toMatch(/^receiptMac: does not match/);
    for (const name of ["created", "confirmed", "approved", "approverLimitSetting", "executed"]) {
      expect(problems).toContainEqual(
        expect.stringMatching(new RegExp(`^events\\.${name} \\(audit position \\d+\\): its hash`)),
      );
    }
  });
});

describe("a changed headline field fails with its own problem, even when the receipt is signed again", () => {
  const typed = buildReceipt(TYPED_WITH_APPROVAL);
  const cases: [string, (copy: RefundReceipt) => void, RegExp][] = [
    [
      "the amount",
      (copy) => {
        copy.refund.amountCents = 4900;
      },
      /^refund\.amountCents: 4900 disagrees with events\.executed\.payload\.amountCents 4800$/,
    ],
    [
      "the currency",
      (copy) => {
        copy.refund.currency = "EUR";
      },
      /^refund\.currency: "EUR" disagrees with events\.executed\.payload\.currency "USD"$/,
    ],
    [
      "the provider's refund id",
      (copy) => {
        copy.refund.providerRefundId = "re_ledger_2";
      },
      /^refund\.providerRefundId: .* disagrees with events\.executed\.payload\.providerRefundId/,
    ],
    [
      "the quote hash",
      (copy) => {
        copy.quote.hash = "0".repeat(64);
      },
      /^quote\.hash: is not the hash of quote\.snapshot$/,
    ],
    [
      "a quote line",
      (copy) => {
        const [line] = (copy.quote.snapshot as Quote).lines;
        if (line) line.name = "Kettle";
      },
      /^quote\.hash: is not the hash of quote\.snapshot$/,
    ],
    [
      "the approver",
      (copy) => {
        copy.approval = { approverId: "staff_other", limitCents: 30_000 };
      },
      /^approval\.approverId: "staff_other" disagrees with events\.approved\.payload\.approverId/,
    ],
    [
      "the approver's limit",
      (copy) => {
        copy.approval = { approverId: APPROVER, limitCents: 50_000 };
      },
      /^approval\.limitCents: 50000 disagrees with 30000/,
    ],
    [
      "the customer's words",
      (copy) => {
        if (copy.consent.via === "message") copy.consent.message.body = "Yes please, $84.00.";
      },
      /^consent\.message\.bodySha256: is not the sha256 of consent\.message\.body$/,
    ],
    [
      "the consent message's hash",
      (copy) => {
        if (copy.consent.via === "message") copy.consent.message.bodySha256 = "f".repeat(64);
      },
      /^consent\.message\.bodySha256: is not the sha256/,
    ],
    [
      "the refund's status",
      (copy) => {
        copy.refund.status = "pending";
      },
      /^refund\.status: "pending" disagrees with "succeeded" recorded in the audit log$/,
    ],
    [
      "the way consent came",
      (copy) => {
        copy.consent = { via: "button" };
      },
      /^events\.buttonPress: missing/,
    ],
  ];

  it.each(cases)("%s", (_name, edit, problem) => {
    expect(problemsOf(typed)).toEqual([]);
    const problems = problemsOf(resigned(typed, edit));
    expect(problems).toContainEqual(expect.stringMatching(problem));
    expect(problems.some((text) => text.startsWith("receiptMac"))).toBe(false);
  });

  it("and without the key to sign it again, the receipt's MAC fails too", () => {
    const copy = structuredClone(typed);
    copy.refund.amountCents = 4900;
    const problems = problemsOf(copy);
    expect(problems[0]).toMatch(/^receiptMac/);
    expect(problems).toContainEqual(expect.stringMatching(/^refund\.amountCents: 4900/));
  });
});

describe("the events must be this refund's, complete and in order", () => {
  it("refuses a changed event: its keyed hash no longer matches", () => {
    const receipt = resigned(buildReceipt(BUTTON_AUTO), (copy) => {
      const payload = copy.events.executed.payload as Record<string, unknown>;
      payload.amountCents = 4900;
      copy.refund.amountCents = 4900;
    });
    expect(problemsOf(receipt)).toContainEqual(
      expect.stringMatching(/^events\.executed \(audit position \d+\): its hash does not match/),
    );
  });

  it("refuses another refund's genuine execution event", () => {
    const other = buildReceipt(BUTTON_AUTO);
    const receipt = resigned(buildReceipt(BUTTON_AUTO), (copy) => {
      copy.refund.id = "rf_2";
    });
    expect(problemsOf(receipt)).toContainEqual(
      `refund.id: "rf_2" disagrees with events.executed.subjectId "${other.events.executed.subjectId}"`,
    );
  });

  it("refuses a missing approval where the gates asked for one", () => {
    const receipt = resigned(buildReceipt(TYPED_WITH_APPROVAL), (copy) => {
      copy.approval = null;
      copy.events.approved = null;
      copy.events.approverLimitSetting = null;
    });
    expect(problemsOf(receipt)).toEqual(["approval: missing, but this refund needed an approver"]);
  });

  it("refuses a missing confirmation where the gates asked for one, or one claimed where they did not", () => {
    const missing = resigned(buildReceipt(BUTTON_AUTO), (copy) => {
      copy.events.confirmed = null;
    });
    expect(problemsOf(missing)).toContainEqual(
      expect.stringMatching(/^events\.confirmed: missing/),
    );
    const claimed = resigned(buildReceipt(EMAIL_APPROVED), (copy) => {
      copy.consent = { via: "unrecorded" };
    });
    expect(problemsOf(claimed)).toContainEqual(
      "consent.via: unrecorded, but the quote's gates asked for no customer confirmation",
    );
    const skipped = resigned(buildReceipt(BUTTON_AUTO), (copy) => {
      copy.consent = { via: "not_required" };
    });
    expect(problemsOf(skipped)).toContainEqual(
      "consent.via: not_required, but the quote's gates asked for the customer's confirmation",
    );
  });

  it("refuses events in an order the product never writes them", () => {
    const receipt = resigned(buildReceipt(TYPED_WITH_APPROVAL), (copy) => {
      const { approved, executed } = copy.events;
      copy.events.approved = executed;
      copy.events.executed = approved as NonNullable<typeof approved>;
    });
    const problems = problemsOf(receipt);
    expect(problems).toContainEqual(
      expect.stringMatching(/^events\.approved: is a refund\.executed event/),
    );
    expect(problems).toContainEqual(
      expect.stringMatching(/^events\.executed: is a pending_action\.approved event/),
    );
  });

  it("refuses a limit change sealed after the approval", () => {
    const late = buildReceipt({ ...BUTTON_AUTO, providerStatus: "failed" }).events.providerState;
    const receipt = resigned(buildReceipt(TYPED_WITH_APPROVAL), (copy) => {
      copy.events.approverLimitSetting = late;
    });
    const problems = problemsOf(receipt);
    expect(problems).toContainEqual(
      expect.stringMatching(
        /^events\.approverLimitSetting: is a refund\.provider_state_changed event/,
      ),
    );
  });

  it("refuses an approval above the approver's limit then in force", () => {
    const receipt = buildReceipt({
      consent: "message",
      approval: { roles: ["approver"], configuredLimit: 3000 },
    });
    expect(problemsOf(receipt)).toEqual([
      "approval.limitCents: the refund is above the approver's limit",
    ]);
  });

  it("refuses an approver who also confirmed for the customer", () => {
    const receipt = buildReceipt({ ...TYPED_WITH_APPROVAL, onBehalfBy: APPROVER });
    expect(problemsOf(receipt)).toEqual([
      "approval.approverId: the approver confirmed for the customer too",
    ]);
  });

  it("reads the provider's state from the newest refund event", () => {
    const receipt = resigned(buildReceipt({ ...BUTTON_AUTO, providerStatus: "failed" }), (copy) => {
      copy.refund.status = "succeeded";
    });
    expect(problemsOf(receipt)).toEqual([
      'refund.status: "succeeded" disagrees with "failed" recorded in the audit log',
    ]);
  });
});

describe("a file that is not a receipt", () => {
  it.each([
    ["nothing", null],
    ["another version", { ...buildReceipt(BUTTON_AUTO), version: 2 }],
    ["an added field", { ...buildReceipt(BUTTON_AUTO), note: "trust me" }],
  ])("%s is refused with the reason", (_name, value) => {
    const problems = problemsOf(value);
    expect(problems.length).toBeGreaterThan(0);
  });

  it("a position spelled with a leading zero, which the event's hash alone would not notice", () => {
    const receipt = resigned(buildReceipt(BUTTON_AUTO), (copy) => {
      copy.events.executed.position = `0${copy.events.executed.position}`;
    });
    expect(problemsOf(receipt)).toEqual(["events.executed.position: must be a decimal integer"]);
  });

  it("names the missing field", () => {
    const { receiptMac: _mac, ...unsigned } = buildReceipt(BUTTON_AUTO);
    expect(problemsOf(unsigned)).toEqual([expect.stringMatching(/^receiptMac: /)]);
    expect(refundReceiptSchema.safeParse(unsigned).success).toBe(false);
  });
});

type Leaf = { path: (string | number)[]; value: string | number };

function leaves(value: unknown, path: (string | number)[] = []): Leaf[] {
  if (typeof value === "string" || typeof value === "number") return [{ path, value }];
  if (Array.isArray(value)) return value.flatMap((item, index) => leaves(item, [...path, index]));
  if (value && typeof value === "object") {
    return Object.entries(value).flatMap(([key, item]) => leaves(item, [...path, key]));
  }
  return [];
}

function setAt(target: unknown, path: (string | number)[], value: unknown): void {
  let node = target as Record<string | number, unknown>;
  for (const step of path.slice(0, -1)) node = node[step] as Record<string | number, unknown>;
  node[path.at(-1) as string | number] = value;
}

/** A different value of the same type: one character replaced, or the number moved. */
const mutation = (leaf: Leaf) =>
  typeof leaf.value === "number"
    ? fc
        .integer({ min: -1_000_000, max: 1_000_000 })
        .filter((delta) => delta !== 0)
        .map((delta) => (leaf.value as number) + delta)
    : fc
        .record({
          at: fc.nat({ max: Math.max(0, (leaf.value as string).length) }),
          char: fc.string({ minLength: 1, maxLength: 1, unit: "binary" }),
        })
        .map(({ at, char }) => {
          const text = leaf.value as string;
          return text.slice(0, at) + char + text.slice(at + 1);
        })
        .filter((changed) => changed !== leaf.value);

describe("any one changed string or number anywhere", () => {
  const scenarios = [TYPED_WITH_APPROVAL, BUTTON_AUTO, EMAIL_APPROVED].map(buildReceipt);

  it("fails verification", () => {
    const target = fc
      .constantFrom(...scenarios)
      .chain((receipt) =>
        fc
          .constantFrom(...leaves(receipt))
          .chain((leaf) => mutation(leaf).map((value) => ({ receipt, leaf, value }))),
      );
    fc.assert(
      fc.property(target, ({ receipt, leaf, value }) => {
        const copy = structuredClone(receipt);
        setAt(copy, leaf.path, value);
        expect(verifyRefundReceipt(copy, KEY).ok).toBe(false);
      }),
      { numRuns: 500 },
    );
  });

  it("inside an event, is named as that event's problem even when the receipt is signed again", () => {
    const target = fc
      .constantFrom(...scenarios)
      .chain((receipt) =>
        fc
          .constantFrom(...leaves(receipt.events))
          .chain((leaf) => mutation(leaf).map((value) => ({ receipt, leaf, value }))),
      );
    fc.assert(
      fc.property(target, ({ receipt, leaf, value }) => {
        const changed = resigned(receipt, (copy) => setAt(copy.events, leaf.path, value));
        const name = String(leaf.path[0]);
        expect(problemsOf(changed)).toContainEqual(
          expect.stringMatching(new RegExp(`^events\\.${name}\\b`)),
        );
      }),
      { numRuns: 500 },
    );
  });
});
