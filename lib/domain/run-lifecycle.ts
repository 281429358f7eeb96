import { z } from "zod";

/** The schema's `RunStatus`, in lifecycle order. */
export const RUN_STATUSES = [
  "queued",
  "running",
  "waiting",
  "completed",
  "stopped",
  "failed",
] as const;
export const runStatusSchema = z.enum(RUN_STATUSES);
export type RunStatus = z.infer<typeof runStatusSchema>;

/** A run somebody works on or will: the one-run-per-conversation rule counts these. */
export const ACTIVE_RUN_STATUSES = ["queued", "running"] as const satisfies readonly RunStatus[];

/** A run that ended. Only `resumed` leaves one, and only from `stopped` or `failed`. */
export const ENDED_RUN_STATUSES = [
  "completed",
  "stopped",
  "failed",
] as const satisfies readonly RunStatus[];

export function isRunEnded(status: RunStatus): boolean {
  return (ENDED_RUN_STATUSES as readonly RunStatus[]).includes(status);
}

/**
 * Whether a process holds the run's lease, by the database clock at the moment of the decision:
 * no owner, an owner whose lease is live, or an owner whose lease lapsed (it died or stalled).
 * For the holder's own events the server proves "held" with the lease fence in the same statement.
 */
export type RunLease = "free" | "held" | "lapsed";

/** What the lifecycle decides on; the server reads it from the run's row. */
export type RunState = {
  status: RunStatus;
  lease: RunLease;
  /** Someone asked the holder to stop; it obeys on its next step write or heartbeat. */
  stopRequested: boolean;
};

export type RunEvent =
  /** A process takes a queued run; `reservedForClaimer` when the live lease is its own reservation. */
  | { type: "claimed"; reservedForClaimer: boolean }
  /** A process takes over a running run whose holder's lease lapsed. */
  | { type: "lease_recovered" }
  /** Staff (or a take-over) ask the run to stop. */
  | { type: "stop_requested" }
  /** The holder obeys a stop request. */
  | { type: "stopped" }
  | { type: "completed" }
  | { type: "failed" }
  /** Staff put an ended run back in the queue; it continues from its stored steps. */
  | { type: "resumed" };

export type RunEventType = RunEvent["type"];

export type RunRefusalCode =
  | "ILLEGAL_TRANSITION"
  /** Another process's lease is live. */
  | "LEASE_HELD"
  /** The holder's own event, but its lease is gone. */
  | "LEASE_NOT_HELD"
  | "STOP_ALREADY_REQUESTED"
  | "STOP_NOT_REQUESTED";

export type RunRefusal = { code: RunRefusalCode; message: string };

export type RunTransitionResult = { ok: true; run: RunState } | { ok: false; error: RunRefusal };

/**
 * The whole lifecycle: for each event, the statuses it may leave from. Every other (status, event)
 * pair is illegal. Nothing enters `waiting` (the schema keeps the value), so nothing leaves it.
 */
export const RUN_ALLOWED_FROM: Readonly<Record<RunEventType, readonly RunStatus[]>> = {
  claimed: ["queued"],
  lease_recovered: ["running"],
  stop_requested: ["queued", "running"],
  stopped: ["running"],
  completed: ["running"],
  failed: ["running"],
  resumed: ["stopped", "failed"],
};

/** Whether an event may leave this status at all (its guards may still refuse it). */
export function isAllowedFrom(type: RunEventType, status: RunStatus): boolean {
  return RUN_ALLOWED_FROM[type].includes(status);
}

/** The statuses a claim may start from: a queued run, or a running one whose holder is gone. */
export const CLAIMABLE_RUN_STATUSES: readonly RunStatus[] = [
  ...new Set([...RUN_ALLOWED_FROM.claimed, ...RUN_ALLOWED_FROM.lease_recovered]),
];

/** A run as `queueRun` creates it; a reservation then holds its lease without changing this. */
export function newRunState(): RunState {
  return { status: "queued", lease: "free", stopRequested: false };
}

function refuse(code: RunRefusalCode, message: string): RunTransitionResult {
  return { ok: false, error: { code, message } };
}

function moved(run: RunState): RunTransitionResult {
  return { ok: true, run };
}

function apply(run: RunState, event: RunEvent): RunTransitionResult {
  switch (event.type) {
    case "claimed":
      if (run.lease === "held" && !event.reservedForClaimer) {
        return refuse("LEASE_HELD", "The run is reserved for the request that queued it");
      }
      return moved({ ...run, status: "running", lease: "held" });
    case "lease_recovered":
      if (run.lease === "held") return refuse("LEASE_HELD", "Another process holds the run");
      return moved({ ...run, status: "running", lease: "held" });
    case "stop_requested":
      // Nobody is working on it: stopped here and now. Otherwise the holder is asked, once.
      if (run.status === "queued" || run.lease !== "held") {
        return moved({ status: "stopped", lease: "free", stopRequested: true });
      }
      if (run.stopRequested) {
        return refuse("STOP_ALREADY_REQUESTED", "The run was already asked to stop");
      }
      return moved({ ...run, stopRequested: true });
    case "stopped":
    case "completed":
    case "failed":
      if (run.lease !== "held") {
        return refuse("LEASE_NOT_HELD", "Only the lease holder ends a running run");
      }
      if (event.type === "stopped" && !run.stopRequested) {
        return refuse("STOP_NOT_REQUESTED", "A run stops only when someone asked it to");
      }
      return moved({ ...run, status: event.type, lease: "free" });
    case "resumed":
      return moved({ status: "queued", lease: "free", stopRequested: false });
  }
}

/**
 * The only way a run's status changes. Pure: the next state, or a typed refusal that the caller
 * turns into its answer (a claim not made, a CONFLICT, "already stopping").
 */
export function transitionRun(run: RunState, event: RunEvent): RunTransitionResult {
  if (!isAllowedFrom(event.type, run.status)) {
    return refuse(
      "ILLEGAL_TRANSITION",
      `${event.type} is not allowed while the run is ${run.status}`,
    );
  }
  return apply(run, event);
}
