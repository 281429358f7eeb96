import "server-only";
import type { Role } from "@/lib/domain/authz";
import { AppError } from "@/lib/errors/app-error";
import { requireConversationInStaffWorkspaces } from "@/lib/server/services/workspaces/staff-workspaces";
import { getSettings } from "@/lib/server/settings/get-settings";
import { type IntakeContext, postCustomerMessage } from "./post-customer-message";

export type ReplyAsCustomerResult = { messageId: string; duplicate: boolean; runId: string | null };

export type ReplyAsCustomerInput = {
  conversationId: string;
  text: string;
  dedupeKey?: string;
  staff: { userId: string; roles: Role[] };
  /** The deployment runs in demo mode (DEMO_MODE): only then does staff speak in the customer's session. */
  demoMode: boolean;
};

/** A client-chosen key is scoped to its author, so it can never match a key the server writes. */
export function staffDedupeKey(userId: string, dedupeKey: string): string {
  return `staff:${userId}:${dedupeKey}`;
}

/*
 * A staff member types what the (simulated) customer says, for demos and tests. The message takes
 * the customer's own path, but it is stored with the staff member as its author and every move it
 * makes on a quote is audited as that staff member acting on the customer's behalf.
 *
 * A confirmation is bound to the customer's live chat session, so only in demo mode does this
 * speak within that session. Even then a "yes" typed by staff is not the customer's: the refund
 * goes to the approval queue, and someone other than the typist must approve it. In a real
 * deployment the message is stored and classified, but it can never confirm anything. An admin
 * can turn it off altogether (the `staffMayActForCustomer` setting).
 */
export async function replyAsCustomer(
  input: ReplyAsCustomerInput,
  context: IntakeContext,
): Promise<ReplyAsCustomerResult> {
  const { db } = context;
  await requireConversationInStaffWorkspaces(db, {
    conversationId: input.conversationId,
    staffUserId: input.staff.userId,
  });
  const { staffMayActForCustomer } = await getSettings(db);
  if (!staffMayActForCustomer) {
    throw new AppError("FORBIDDEN", "An admin has turned off acting for a customer", {
      extensions: { reason: "ACTING_FOR_CUSTOMER_OFF" },
    });
  }
  const session = input.demoMode
    ? await db.customerSession.findFirst({
        where: { conversationId: input.conversationId, endedAt: null },
        orderBy: { lastSeenAt: "desc" },
        select: { id: true },
      })
    : null;
  const posted = await postCustomerMessage(
    {
      conversationId: input.conversationId,
      text: input.text,
      actingStaff: input.staff,
      ...(input.dedupeKey && { dedupeKey: staffDedupeKey(input.staff.userId, input.dedupeKey) }),
      ...(session && { sessionId: session.id }),
    },
    context,
  );
  return { messageId: posted.messageId, duplicate: posted.duplicate, runId: posted.runId };
}
