import "server-only";
import { z } from "zod";
import {
  type DryRunChange,
  type DryRunReport,
  dryRunSummarySchema,
} from "@/lib/domain/policy-dry-run";

const outcomeSchema = z.discriminatedUnion("decision", [
  z.object({
    decision: z.literal("quote"),
    netRefundCents: z.int(),
    needsApprover: z.boolean(),
  }),
  z.object({ decision: z.literal("deny"), reasons: z.array(z.string()) }),
]);

const changesSchema = z.array(
  z.object({
    source: z.enum(["request", "story"]),
    ref: z.string(),
    conversationId: z.string().nullable(),
    label: z.string(),
    currency: z.string(),
    before: outcomeSchema,
    after: outcomeSchema,
  }),
) satisfies z.ZodType<DryRunChange[]>;

/** A stored dry run as the editor reads it, its JSON checked again on the way out. */
export function toDryRunReport(row: {
  id: string;
  draftId: string;
  documentHash: string;
  comparedWith: string;
  lookbackDays: number;
  summary: unknown;
  changes: unknown;
  createdAt: Date;
}): DryRunReport {
  return {
    id: row.id,
    draftId: row.draftId,
    documentHash: row.documentHash,
    comparedWith: row.comparedWith,
    lookbackDays: row.lookbackDays,
    ranAt: row.createdAt.toISOString(),
    summary: dryRunSummarySchema.parse(row.summary),
    changes: changesSchema.parse(row.changes),
  };
}
