/* Billing staff's handling of a dispute, joined to the typed audit union by declaration merging. */
declare module "@/lib/domain/audit-events" {
  interface AuditEventDefinitions {
    "dispute.acknowledged": {
      subjectType: "dispute_ticket";
      payload: { conversationId: string; note: string | null };
    };
    "dispute.resolved": {
      subjectType: "dispute_ticket";
      payload: { conversationId: string; fromStatus: "open" | "acknowledged"; note: string };
    };
  }
}

export {};
