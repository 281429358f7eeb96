import { appContext } from "@/lib/server/process/app-context";
import { executePendingAction } from "@/lib/server/services/pending-actions/execute-pending-action";

/*
 * A separate server process for crash tests: executes one pending action with the app's own
 * database client and fault points, so COUNTERSIGN_FAULT_POINT can kill it for real.
 * Run with: node --conditions=react-server --import tsx tests/support/execute-action-process.ts <actionId>
 */

const actionId = process.argv[2];
if (!actionId) throw new Error("usage: execute-action-process.ts <actionId>");
const result = await executePendingAction({ actionId }, appContext());
console.log(JSON.stringify({ outcome: result.outcome, status: result.status }));
process.exit(0);
