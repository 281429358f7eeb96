import type { TicketStatus } from "@/lib/generated/prisma/enums";

/*
 * What people do to a ticket, joined to the typed audit union by declaration merging so this
 * area's kinds live beside the services that write them.
 */
declare module "@/lib/domain/audit-events" {
  interface AuditEventDefinitions {
    "ticket.replied": {
      subjectType: "conversation";
      payload: {
        conversationId: string;
        messageId: string;
        channel: "chat" | "email";
        outboxEmailId: string | null;
        /** Why a person wrote: a reply they typed, or the outcome of a settled payment. */
        cause: "staff_reply" | "reconciliation_outcome";
      };
    };
    "ticket.note_added": {
      subjectType: "conversation";
      payload: { conversationId: string; messageId: string };
    };
    "ticket.taken_over": {
      subjectType: "conversation";
      payload: { conversationId: string; stoppedRunIds: string[] };
    };
    "ticket.handed_back": {
      subjectType: "conversation";
      payload: { conversationId: string; fromStaffId: string };
    };
    "ticket.assigned": {
      subjectType: "conversation";
      payload: {
        conversationId: string;
        fromAssigneeId: string | null;
        toAssigneeId: string | null;
      };
    };
    "ticket.status_changed": {
      subjectType: "conversation";
      payload: {
        conversationId: string;
        from: TicketStatus;
        to: TicketStatus;
        /** Who moved it: a person, the customer writing again, or the agent resolving it. */
        cause: "staff" | "customer_reply" | "resolved";
      };
    };
  }
}

export const TICKET_STATUSES = [
  "open",
  "pending",
  "solved",
] as const satisfies readonly TicketStatus[];
