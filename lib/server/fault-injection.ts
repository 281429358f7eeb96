import "server-only";
import { getServerEnv } from "@/lib/server/env";

/*
 * Crash tests kill the process at named points to prove exactly-once execution and run
 * resumption. With COUNTERSIGN_FAULT_POINT unset (always, outside those tests) every point is a
 * no-op. The exit is abrupt on purpose: no finally blocks, no transaction commits, like a kill -9.
 */

export const FAULT_POINTS = [
  "between_approval_and_execution",
  "after_claim_before_payment",
  "after_payment_before_record",
  "after_tool_result_before_next_step",
  "after_email_send_before_record",
] as const;

export type FaultPointName = (typeof FAULT_POINTS)[number];

/** The exit status of a process killed by SIGKILL, so a supervisor treats both alike. */
export const FAULT_EXIT_CODE = 137;

export function faultPoint(name: FaultPointName): void {
  if (getServerEnv().COUNTERSIGN_FAULT_POINT !== name) return;
  console.error(`[fault-injection] process ${process.pid} exiting at ${name}`);
  process.exit(FAULT_EXIT_CODE);
}
