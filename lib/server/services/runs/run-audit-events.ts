import type { Actor } from "@/lib/domain/actor";

// Run lifecycle events join the typed audit union by declaration merging, as the domain module
// invites, so the loop's audit trail is checked by the compiler like every other event.
declare module "@/lib/domain/audit-events" {
  interface AuditEventDefinitions {
    "run.started": {
      subjectType: "run";
      payload: { conversationId: string; provider: string; model: string; processId: string };
    };
    "run.resumed": {
      subjectType: "run";
      payload: { conversationId: string; fromStatus: string; processId: string | null };
    };
    "run.lease_recovered": {
      subjectType: "run";
      payload: { conversationId: string; previousOwner: string; processId: string };
    };
    /** Someone asked a run that another process holds to stop; that process writes run.stopped. */
    "run.stop_requested": {
      subjectType: "run";
      payload: { conversationId: string; stepCount: number; leaseOwner: string | null };
    };
    "run.stopped": {
      subjectType: "run";
      payload: { conversationId: string; stepCount: number; processId: string | null };
    };
    "run.completed": {
      subjectType: "run";
      payload: {
        conversationId: string;
        stepCount: number;
        inputTokens: number;
        outputTokens: number;
        costMicroUsd: number;
      };
    };
    "run.failed": {
      subjectType: "run";
      payload: { conversationId: string; stepCount: number; error: string };
    };
  }
}

export const SYSTEM_ACTOR: Actor = { type: "system" };
