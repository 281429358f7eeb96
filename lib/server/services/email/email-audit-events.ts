/*
 * Audit kinds of the inbound email doors, added to the domain's typed union by declaration merging.
 */
declare module "@/lib/domain/audit-events" {
  interface AuditEventDefinitions {
    /**
     * An email arrived with a Message-ID an earlier, different email (another sender or text)
     * already used. It was stored under an id derived from its content; `messageId` is the id it
     * carried.
     */
    "inbound_email.message_id_reused": {
      subjectType: "inbound_email";
      payload: { messageId: string; fromAddress: string };
    };
  }
}

export {};
