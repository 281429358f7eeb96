import "server-only";
import { z } from "zod";
import { approvalLimitFor } from "@/lib/domain/approval-limit";
import type { SealedAuditRow } from "@/lib/domain/audit-chain";
import { roleSchema } from "@/lib/domain/authz";
import { sha256Hex } from "@/lib/domain/canonical-hash";
import {
  APPROVER_LIMIT_SETTING,
  type ReceiptConsent,
  type RefundReceipt,
  signRefundReceipt,
  toReceiptAuditEvent,
} from "@/lib/domain/refund-receipt";
import { DEFAULT_SETTINGS } from "@/lib/domain/settings";
import { AppError } from "@/lib/errors/app-error";
import type { AuditEvent, PrismaClient } from "@/lib/generated/prisma/client";
import { toSealedAuditRow } from "@/lib/server/audit/audit-rows";
import type { UseCaseContext } from "@/lib/server/use-case-context";
import {
  findApproverLimitChange,
  findConsentMessage,
  findRefundAuditEvents,
  findRefundForReceipt,
  type RefundForReceipt,
} from "./receipt-queries";

/*
 * Builds the receipt of one executed refund from the database (lib/domain/refund-receipt.ts says
 * what it holds) and signs it with the audit key. The events are copied as sealed, never
 * re-derived, so the receipt verifies offline exactly as the chain does. A refund whose events
 * the sealer has not reached yet (a fraction of a second after it was paid) has no receipt yet.
 */

export type ExportRefundReceiptInput = {
  refundId: string;
  /** The audit chain's HMAC key, as the edge resolves it (resolveAuditKey). */
  auditKey: Uint8Array;
};

const approvedPayloadSchema = z.object({ approverId: z.string(), roles: z.array(roleSchema) });
const createdPayloadSchema = z.object({
  gates: z.object({ customerConfirmation: z.boolean() }),
});
const answeredPayloadSchema = z.object({ answer: z.string() });

export async function exportRefundReceipt(
  input: ExportRefundReceiptInput,
  context: Pick<UseCaseContext, "db" | "now">,
): Promise<RefundReceipt> {
  const { db } = context;
  const now = context.now();
  const refund = await findRefundForReceipt(db, { refundId: input.refundId });
  if (!refund) throw new AppError("NOT_FOUND", "No such refund.");
  const action = refund.pendingAction;
  const events = sealedOrRefuse(
    await findRefundAuditEvents(db, { pendingActionId: action.id, refundId: refund.id }),
  );
  const about = (kind: string, subjectType = "pending_action") =>
    events.filter((event) => event.kind === kind && event.subjectType === subjectType);

  const created = about("pending_action.created")[0];
  const executed = about("refund.executed", "refund")[0];
  if (!created || !executed) {
    throw new AppError("CONFLICT", "This refund's audit trail lacks its creation or execution.");
  }
  const before = (event: SealedAuditRow, limit: SealedAuditRow) => event.position < limit.position;
  const confirmed = about("pending_action.confirmed")
    .filter((event) => before(event, executed))
    .at(-1);
  const buttonPress = confirmed
    ? about("widget_quote.answered")
        .filter(
          (event) =>
            before(confirmed, event) &&
            answeredPayloadSchema.safeParse(event.payload).data?.answer === "confirm",
        )
        .at(-1)
    : undefined;
  const approved = about("pending_action.approved").at(-1);
  const providerState = events
    .filter((event) => event.kind === "refund.provider_state_changed" && before(executed, event))
    .at(-1);
  const limitChange = approved
    ? await findApproverLimitChange(db, {
        settingKey: APPROVER_LIMIT_SETTING,
        beforePosition: approved.position,
      })
    : null;
  const limitSetting = limitChange ? toSealedAuditRow(limitChange) : null;

  const consentRequired =
    createdPayloadSchema.safeParse(created.payload).data?.gates.customerConfirmation ?? true;
  const receipt = {
    version: 1 as const,
    exportedAt: now.toISOString(),
    refund: {
      id: refund.id,
      pendingActionId: action.id,
      conversationId: action.conversationId,
      customerId: refund.customerId,
      orderId: refund.orderId,
      providerRefundId: refund.providerRefundId,
      amountCents: refund.amountCents,
      currency: refund.currency,
      status: String(refund.status),
    },
    quote: { hash: action.quoteHash, snapshot: action.quote as RefundReceipt["quote"]["snapshot"] },
    consent: await consentOf(db, action, {
      required: consentRequired,
      confirmed: confirmed ?? null,
      byButton: buttonPress !== undefined,
    }),
    approval: approved ? approvalOf(approved, limitSetting) : null,
    events: {
      created: toReceiptAuditEvent(created),
      confirmed: confirmed ? toReceiptAuditEvent(confirmed) : null,
      buttonPress: buttonPress ? toReceiptAuditEvent(buttonPress) : null,
      approved: approved ? toReceiptAuditEvent(approved) : null,
      approverLimitSetting: limitSetting ? toReceiptAuditEvent(limitSetting) : null,
      executed: toReceiptAuditEvent(executed),
      providerState: providerState ? toReceiptAuditEvent(providerState) : null,
    },
  };
  return signRefundReceipt(input.auditKey, receipt);
}

function sealedOrRefuse(rows: AuditEvent[]): SealedAuditRow[] {
  const sealed = rows.map(toSealedAuditRow);
  if (sealed.some((row) => row === null)) {
    throw new AppError(
      "CONFLICT",
      "This refund's audit events are not sealed yet; try again in a few seconds.",
      { extensions: { reason: "NOT_SEALED", retryAfterSeconds: 2 } },
    );
  }
  return sealed as SealedAuditRow[];
}

async function consentOf(
  db: PrismaClient,
  action: RefundForReceipt["pendingAction"],
  found: { required: boolean; confirmed: SealedAuditRow | null; byButton: boolean },
): Promise<ReceiptConsent> {
  if (!found.required) return { via: "not_required" };
  if (found.byButton) return { via: "button" };
  const message =
    found.confirmed && action.confirmedMessageId
      ? await findConsentMessage(db, {
          messageId: action.confirmedMessageId,
          conversationId: action.conversationId,
        })
      : null;
  if (!message) return { via: "unrecorded" };
  return {
    via: "message",
    message: {
      id: message.id,
      authorKind: message.authorKind,
      createdAt: message.createdAt.toISOString(),
      body: message.body,
      bodySha256: sha256Hex(message.body),
    },
  };
}

/** The approver and the most their roles allowed under the limit then in force. */
function approvalOf(
  approved: SealedAuditRow,
  limitSetting: SealedAuditRow | null,
): NonNullable<RefundReceipt["approval"]> {
  const { approverId, roles } = approvedPayloadSchema.parse(approved.payload);
  const newValue = z.object({ newValue: z.number() }).safeParse(limitSetting?.payload)
    .data?.newValue;
  const approverLimitCents = newValue ?? DEFAULT_SETTINGS.approverLimitCents;
  return { approverId, limitCents: approvalLimitFor(roles, { approverLimitCents }) };
}
