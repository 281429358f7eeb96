import type { RetentionCounts } from "@/lib/domain/retention";

/* What one retention run deleted, as counts per kind with the cutoff each kind used. */
declare module "@/lib/domain/audit-events" {
  interface AuditEventDefinitions {
    "retention.pruned": {
      subjectType: "retention";
      payload: RetentionCounts & { cutoffs: Record<keyof RetentionCounts, string> };
    };
  }
}
