import "server-only";
import { randomBytes } from "node:crypto";
import { hostname } from "node:os";

const globalForProcess = globalThis as unknown as { countersignProcessId?: string };

// Names this process as a lease owner; the random part keeps a restarted process with a reused
// pid from mistaking a dead predecessor's lease for its own. Kept on globalThis because Next
// bundles this module more than once (instrumentation, each route), and a process must have one
// name: its heartbeat and its leases have to match (lib/server/process/instances).
globalForProcess.countersignProcessId ??= `${hostname()}:${process.pid}:${randomBytes(4).toString("hex")}`;
export const PROCESS_ID: string = globalForProcess.countersignProcessId;
