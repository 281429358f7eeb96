import "server-only";
import {
  type RunEvent,
  type RunLease,
  type RunRefusal,
  type RunState,
  type RunStatus,
  transitionRun,
} from "@/lib/domain/run-lifecycle";
import type { RunStatus as SchemaRunStatus } from "@/lib/generated/prisma/client";

type Exactly<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
// The lifecycle's statuses are the schema's, no more and no fewer: a new enum value fails here.
true satisfies Exactly<RunStatus, SchemaRunStatus>;

/** A status write the lifecycle refused; callers that expect it catch it by code. */
export class RunTransitionRefusedError extends Error {
  readonly refusal: RunRefusal;

  constructor(runId: string, refusal: RunRefusal) {
    super(`Run ${runId}: ${refusal.message}`);
    this.name = "RunTransitionRefusedError";
    this.refusal = refusal;
  }
}

/** A lease as the row shows it; `lapsed` is the database clock's verdict, never the app's. */
export function leaseOf(leaseOwner: string | null, lapsed: boolean): RunLease {
  if (leaseOwner === null) return "free";
  return lapsed ? "lapsed" : "held";
}

/** The next state for a status write, or a refusal thrown: an illegal write is never made. */
export function nextRunState(runId: string, run: RunState, event: RunEvent): RunState {
  const result = transitionRun(run, event);
  if (!result.ok) throw new RunTransitionRefusedError(runId, result.error);
  return result.run;
}

/** The run columns a state sets; a run that gives up its lease clears both lease columns. */
export function runStateColumns(next: RunState): {
  status: RunStatus;
  leaseOwner?: null;
  leaseExpiresAt?: null;
} {
  return {
    status: next.status,
    ...(next.lease === "free" && { leaseOwner: null, leaseExpiresAt: null }),
  };
}
