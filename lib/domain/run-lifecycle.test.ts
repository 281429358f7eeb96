import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  CLAIMABLE_RUN_STATUSES,
  ENDED_RUN_STATUSES,
  isAllowedFrom,
  isRunEnded,
  newRunState,
  RUN_ALLOWED_FROM,
  RUN_STATUSES,
  type RunEvent,
  type RunEventType,
  type RunLease,
  type RunState,
  type RunStatus,
  transitionRun,
} from "./run-lifecycle";

const LEASES: readonly RunLease[] = ["free", "held", "lapsed"];

const EVENTS: Record<RunEventType, RunEvent> = {
  claimed: { type: "claimed", reservedForClaimer: false },
  lease_recovered: { type: "lease_recovered" },
  stop_requested: { type: "stop_requested" },
  stopped: { type: "stopped" },
  completed: { type: "completed" },
  failed: { type: "failed" },
  resumed: { type: "resumed" },
};
const EVENT_TYPES = Object.keys(EVENTS) as RunEventType[];

/** The run each event expects when it is legal at all: the holder's events need its lease. */
function runFor(status: RunStatus, type: RunEventType): RunState {
  switch (type) {
    case "claimed":
      return { status, lease: "free", stopRequested: false };
    case "lease_recovered":
      return { status, lease: "lapsed", stopRequested: false };
    case "stop_requested":
    case "completed":
    case "failed":
      return { status, lease: status === "running" ? "held" : "free", stopRequested: false };
    case "stopped":
      return { status, lease: status === "running" ? "held" : "free", stopRequested: true };
    case "resumed":
      return { status, lease: "free", stopRequested: status === "stopped" };
  }
}

describe("every (status, event) pair", () => {
  // The specification, written out independently of RUN_ALLOWED_FROM: a change there fails here.
  // null: refused as ILLEGAL_TRANSITION.
  const TABLE: Record<RunStatus, Record<RunEventType, RunStatus | null>> = {
    queued: {
      claimed: "running",
      lease_recovered: null,
      stop_requested: "stopped",
      stopped: null,
      completed: null,
      failed: null,
      resumed: null,
    },
    running: {
      claimed: null,
      lease_recovered: "running",
      stop_requested: "running",
      stopped: "stopped",
      completed: "completed",
      failed: "failed",
      resumed: null,
    },
    waiting: {
      claimed: null,
      lease_recovered: null,
      stop_requested: null,
      stopped: null,
      completed: null,
      failed: null,
      resumed: null,
    },
    completed: {
      claimed: null,
      lease_recovered: null,
      stop_requested: null,
      stopped: null,
      completed: null,
      failed: null,
      resumed: null,
    },
    stopped: {
      claimed: null,
      lease_recovered: null,
      stop_requested: null,
      stopped: null,
      completed: null,
      failed: null,
      resumed: "queued",
    },
    failed: {
      claimed: null,
      lease_recovered: null,
      stop_requested: null,
      stopped: null,
      completed: null,
      failed: null,
      resumed: "queued",
    },
  };
  const pairs = RUN_STATUSES.flatMap((status) => EVENT_TYPES.map((type) => ({ status, type })));

  it.each(pairs)("$type from $status", ({ status, type }) => {
    const result = transitionRun(runFor(status, type), EVENTS[type]);
    const to = TABLE[status][type];
    if (to === null) {
      expect(result).toEqual({
        ok: false,
        error: { code: "ILLEGAL_TRANSITION", message: expect.stringContaining(status) },
      });
    } else {
      expect(result.ok && result.run.status).toBe(to);
    }
  });

  it("covers every status and event, and agrees with RUN_ALLOWED_FROM", () => {
    expect(Object.keys(TABLE).sort()).toEqual([...RUN_STATUSES].sort());
    for (const type of EVENT_TYPES) {
      const legal = RUN_STATUSES.filter((status) => TABLE[status][type] !== null);
      expect([...RUN_ALLOWED_FROM[type]].sort()).toEqual([...legal].sort());
      for (const status of RUN_STATUSES) {
        expect(isAllowedFrom(type, status)).toBe(legal.includes(status));
      }
    }
  });

  it("claims from queued or from a running run whose holder is gone", () => {
    expect([...CLAIMABLE_RUN_STATUSES].sort()).toEqual(["queued", "running"]);
  });
});

describe("the lease", () => {
  it("lets a claimer take a queued run only if no live lease is someone else's", () => {
    const reserved: RunState = { status: "queued", lease: "held", stopRequested: false };
    expect(transitionRun(reserved, { type: "claimed", reservedForClaimer: false })).toMatchObject({
      ok: false,
      error: { code: "LEASE_HELD" },
    });
    expect(transitionRun(reserved, { type: "claimed", reservedForClaimer: true })).toEqual({
      ok: true,
      run: { status: "running", lease: "held", stopRequested: false },
    });
    const lapsed: RunState = { ...reserved, lease: "lapsed" };
    expect(transitionRun(lapsed, EVENTS.claimed)).toMatchObject({ ok: true });
  });

  it("recovers a running run only once its holder's lease lapsed, keeping a stop request", () => {
    const held: RunState = { status: "running", lease: "held", stopRequested: true };
    expect(transitionRun(held, EVENTS.lease_recovered)).toMatchObject({
      error: { code: "LEASE_HELD" },
    });
    expect(transitionRun({ ...held, lease: "lapsed" }, EVENTS.lease_recovered)).toEqual({
      ok: true,
      run: { status: "running", lease: "held", stopRequested: true },
    });
  });

  it.each(["stopped", "completed", "failed"] as const)(
    "lets only the live holder end a run as %s",
    (type) => {
      for (const lease of ["free", "lapsed"] as const) {
        const run: RunState = { status: "running", lease, stopRequested: true };
        expect(transitionRun(run, EVENTS[type])).toMatchObject({
          ok: false,
          error: { code: "LEASE_NOT_HELD" },
        });
      }
      const run: RunState = { status: "running", lease: "held", stopRequested: true };
      expect(transitionRun(run, EVENTS[type])).toEqual({
        ok: true,
        run: { status: type, lease: "free", stopRequested: true },
      });
    },
  );
});

describe("stopping", () => {
  it("stops a run nobody works on at once, whatever its lease", () => {
    for (const lease of LEASES) {
      expect(
        transitionRun({ status: "queued", lease, stopRequested: false }, EVENTS.stop_requested),
      ).toEqual({ ok: true, run: { status: "stopped", lease: "free", stopRequested: true } });
    }
    for (const lease of ["free", "lapsed"] as const) {
      const run: RunState = { status: "running", lease, stopRequested: false };
      expect(transitionRun(run, EVENTS.stop_requested)).toEqual({
        ok: true,
        run: { status: "stopped", lease: "free", stopRequested: true },
      });
    }
  });

  it("asks a live holder once; it then stops itself", () => {
    const run: RunState = { status: "running", lease: "held", stopRequested: false };
    const asked = transitionRun(run, EVENTS.stop_requested);
    expect(asked).toEqual({ ok: true, run: { ...run, stopRequested: true } });
    if (!asked.ok) return;
    expect(transitionRun(asked.run, EVENTS.stop_requested)).toMatchObject({
      error: { code: "STOP_ALREADY_REQUESTED" },
    });
    expect(transitionRun(asked.run, EVENTS.stopped)).toMatchObject({
      ok: true,
      run: { status: "stopped", lease: "free" },
    });
  });

  it("never stops a holder that was not asked", () => {
    const run: RunState = { status: "running", lease: "held", stopRequested: false };
    expect(transitionRun(run, EVENTS.stopped)).toMatchObject({
      error: { code: "STOP_NOT_REQUESTED" },
    });
  });

  it("clears the stop request on resume", () => {
    const run: RunState = { status: "stopped", lease: "free", stopRequested: true };
    expect(transitionRun(run, EVENTS.resumed)).toEqual({ ok: true, run: newRunState() });
  });
});

describe("properties", () => {
  const statusArb = fc.constantFrom(...RUN_STATUSES);
  const leaseArb = fc.constantFrom(...LEASES);
  const runArb = fc.record({ status: statusArb, lease: leaseArb, stopRequested: fc.boolean() });
  const eventArb = fc.oneof(
    fc.constantFrom(...Object.values(EVENTS)),
    fc.constant<RunEvent>({ type: "claimed", reservedForClaimer: true }),
  );

  it("leaves an ended status only by resume, and a completed run never", () => {
    fc.assert(
      fc.property(runArb, eventArb, (run, event) => {
        fc.pre(isRunEnded(run.status));
        const result = transitionRun(run, event);
        const mayLeave = event.type === "resumed" && run.status !== "completed";
        expect(result.ok).toBe(mayLeave);
        if (result.ok) expect(result.run.status).toBe("queued");
      }),
    );
  });

  it("refuses only with a typed code and a message", () => {
    fc.assert(
      fc.property(runArb, eventArb, (run, event) => {
        const result = transitionRun(run, event);
        if (!result.ok) {
          expect(result.error.code).toMatch(/^[A-Z_]+$/);
          expect(result.error.message).not.toBe("");
        }
      }),
    );
  });

  /** What happens to a run besides the machine: leases lapse, a request reserves a queued run. */
  type World = { kind: "lapse" } | { kind: "reserve" } | { kind: "event"; event: RunEvent };
  const worldArb = fc.oneof(
    { weight: 1, arbitrary: fc.constant<World>({ kind: "lapse" }) },
    { weight: 1, arbitrary: fc.constant<World>({ kind: "reserve" }) },
    { weight: 6, arbitrary: eventArb.map<World>((event) => ({ kind: "event", event })) },
  );

  it("keeps its invariants along any sequence of events", () => {
    const reachedEveryEnd = new Set<RunStatus>();
    fc.assert(
      fc.property(fc.array(worldArb, { maxLength: 40 }), (steps) => {
        let run = newRunState();
        let askedToStop = false;
        for (const step of steps) {
          if (step.kind === "lapse") {
            if (run.lease === "held") run = { ...run, lease: "lapsed" };
            continue;
          }
          if (step.kind === "reserve") {
            if (run.status === "queued" && run.lease === "free") run = { ...run, lease: "held" };
            continue;
          }
          const before = run;
          const result = transitionRun(run, step.event);
          if (!result.ok) continue;
          run = result.run;
          if (step.event.type === "stop_requested") askedToStop = true;
          if (step.event.type === "resumed") askedToStop = false;

          expect(run.status).not.toBe("waiting");
          // An ended run holds no lease; a run the machine just set running holds one.
          if (isRunEnded(run.status)) expect(run.lease).toBe("free");
          if (run.status === "running" && before.status !== "running") {
            expect(run.lease).toBe("held");
          }
          // Nobody stops a run without being asked, and a queued run carries no stale request.
          if (run.status === "stopped") expect(askedToStop).toBe(true);
          if (run.status === "queued") expect(run.stopRequested).toBe(false);
          // Only resume leaves an ended status.
          if (isRunEnded(before.status) && run.status !== before.status) {
            expect(step.event.type).toBe("resumed");
          }
          if (isRunEnded(run.status)) reachedEveryEnd.add(run.status);
        }
      }),
      { numRuns: 2_000 },
    );
    // The generator must reach every ending, or the property above proves little.
    expect([...reachedEveryEnd].sort()).toEqual([...ENDED_RUN_STATUSES].sort());
  });
});
