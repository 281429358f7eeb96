/*
 * Audit kinds of the chat widget, added to the domain's typed union by declaration merging.
 */
declare module "@/lib/domain/audit-events" {
  interface AuditEventDefinitions {
    /** A customer proved who they are in the widget and got a chat session. */
    "widget_session.started": {
      subjectType: "customer_session";
      payload: {
        conversationId: string;
        customerId: string;
        workspaceId: string;
        identityMethod: "order_check" | "signed_token";
      };
    };
    /** The customer answered a quote card with its Confirm or Decline button. */
    "widget_quote.answered": {
      subjectType: "pending_action";
      payload: {
        conversationId: string;
        sessionId: string;
        answer: "confirm" | "decline";
        quoteHash: string;
        outcome: string;
      };
    };
  }
}

export {};
