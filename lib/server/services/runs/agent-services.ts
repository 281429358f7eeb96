import "server-only";
import type { AgentServices, ToolContext } from "@/lib/agent/tools/tool-types";
import type { Prisma } from "@/lib/generated/prisma/client";
import { policyInForceForCustomer } from "@/lib/server/policies/policy-versions";
import { loadCustomerOrderFacts } from "@/lib/server/repositories/order-facts-repository";
import { readCustomerOrdersFromStore } from "@/lib/server/services/commerce/read-customer-orders";
import { deliverCustomerMessage } from "@/lib/server/services/conversations/deliver-customer-message";
import { loadClaimFacts } from "@/lib/server/services/conversations/load-claim-facts";
import { openDisputeTicket } from "@/lib/server/services/disputes/open-dispute-ticket";
import { proposeRefund } from "@/lib/server/services/pending-actions/propose-refund";
import { listCustomerOrdersWithLines } from "@/lib/server/services/runs/customer-orders-queries";
import { getSettings } from "@/lib/server/settings/get-settings";
import type { UseCaseContext } from "@/lib/server/use-case-context";
import { handOffToPerson } from "./hand-off-to-person";
import { recordTeamNote, teamNoteEffect } from "./record-team-note";
import type { StepEffect } from "./write-steps";

/**
 * Tools every write of which the services below can hand to `deferred` (a team note): such a
 * call runs before its model step is stored and lands, with its result, in that step's write.
 */
export const DEFERRABLE_TOOLS: ReadonlySet<string> = new Set(["leave_team_note"]);

/**
 * The server's side of the agent's port, bound to one run of one conversation. With `deferred`,
 * a team note is not written here but handed to it, to be written by the statement that stores
 * that call's result.
 */
export function agentServicesFor(
  input: {
    runId: string;
    conversation: ToolContext["conversation"];
    deferred?: { toolCallId: string; effects: StepEffect[] };
  },
  context: Pick<UseCaseContext, "db" | "commerce" | "now" | "logger">,
): AgentServices {
  const { runId, conversation, deferred } = input;
  const { db } = context;
  // The customer's orders are read from the shop's store before the agent first looks at them
  // in this run (at most once a minute per customer, read-customer-orders.ts).
  let storeRead: Promise<unknown> | undefined;
  const readStore = () => {
    storeRead ??= db.customer
      .findUniqueOrThrow({ where: { id: conversation.customerId }, select: { workspaceId: true } })
      .then(({ workspaceId }) =>
        readCustomerOrdersFromStore({ workspaceId, email: conversation.customerEmail }, context),
      );
    return storeRead;
  };
  return {
    getSettings: () => getSettings(db),
    getPolicy: () => policyInForceForCustomer(db, conversation.customerId, context.now()),
    loadCustomerOrderFacts: async (orderNumber) => {
      await readStore();
      return loadCustomerOrderFacts(db, conversation.customerId, orderNumber);
    },
    listCustomerOrders: async (orderNumber) => {
      await readStore();
      return listCustomerOrdersWithLines(db, conversation.customerId, orderNumber);
    },
    proposeRefund: ({ now, ...request }) =>
      proposeRefund(
        {
          ...request,
          conversationId: conversation.id,
          customerId: conversation.customerId,
          requestedBy: { type: "agent" },
          runId,
        },
        { db, now: () => now },
      ),
    loadClaimFacts: () => loadClaimFacts(db, conversation, context.now()),
    deliverCustomerMessage: async ({ body, dedupeKey, now }) => {
      const deliver = (tx: Prisma.TransactionClient) =>
        deliverCustomerMessage(tx, {
          conversation,
          author: { kind: "agent", runId },
          body,
          dedupeKey,
          now,
        });
      // A chat delivery is one statement; an email one also writes the outbox, in a transaction.
      const delivered =
        conversation.channel === "chat" ? await deliver(db) : await db.$transaction(deliver);
      return { messageId: delivered.message.id };
    },
    handOffToPerson: ({ flag, dedupeKey, now }) =>
      db.$transaction((tx) =>
        handOffToPerson(tx, {
          conversationId: conversation.id,
          flag,
          author: { kind: "agent", runId },
          dedupeKey,
          now,
        }),
      ),
    leaveTeamNote: async ({ note, dedupeKey }) => {
      const input = { conversationId: conversation.id, runId, note, dedupeKey };
      if (!deferred) return recordTeamNote(db, input);
      const { messageId, effect } = teamNoteEffect(
        { ...input, toolCallId: deferred.toolCallId },
        `team_note_${deferred.effects.length}`,
      );
      deferred.effects.push(effect);
      return { messageId };
    },
    openDisputeTicket: ({ now, ...input }) =>
      openDisputeTicket({ ...input, conversation }, { db, now: () => now }),
  };
}
