import type { NeedsPersonKind } from "@/lib/domain/needs-person";

declare module "@/lib/domain/audit-events" {
  interface AuditEventDefinitions {
    "conversation.flagged_for_person": {
      subjectType: "conversation";
      payload: { conversationId: string; kind: NeedsPersonKind; reason: string };
    };
    "conversation.person_flag_cleared": {
      subjectType: "conversation";
      payload: { conversationId: string; kind: string; clearedBy: "take_over" | "staff_reply" };
    };
  }
}
