import "server-only";
import { randomBytes } from "node:crypto";
import { hostname } from "node:os";

// Names this process as a lease owner; the random part keeps a restarted process with a reused
// pid from mistaking a dead predecessor's lease for its own.
export const PROCESS_ID = `${hostname()}:${process.pid}:${randomBytes(4).toString("hex")}`;
