import { can } from "@/lib/domain/authz";
import type { SessionCarrier, StaffSession } from "@/lib/server/auth/session";

/*
 * The route pipeline's unit tests (route.test.ts, node-route.test.ts) replace its three outside
 * modules — the staff session, the environment and the logger — with these:
 *
 *   vi.mock("@/lib/server/env", async () => (await import("@/tests/support/route-pipeline-fakes")).fakeEnvModule());
 *
 * All of them read and write `pipelineState`, which the test imports to set the session and
 * read what was logged (vitest gives each test file its own copy of this module).
 */

export type PipelineTestState = {
  session: StaffSession | null;
  carriers: unknown[];
  logged: unknown[];
  requests: { level: string; status: unknown }[];
  publicUrl: string;
};

export const pipelineState: PipelineTestState = {
  session: null,
  carriers: [],
  logged: [],
  requests: [],
  publicUrl: "http://localhost:3000",
};

export function fakeSessionModule() {
  const state = pipelineState;
  return {
    getStaffSessionForRequest: async (carrier: SessionCarrier) => {
      state.carriers.push(carrier);
      return state.session;
    },
    hasPermission: (session: StaffSession, permission: Parameters<typeof can>[1]) =>
      can([session.user.role], permission),
  };
}

export function fakeEnvModule() {
  const state = pipelineState;
  return { getServerEnv: () => ({ NEXTAUTH_URL: state.publicUrl }) };
}

export function fakeLoggerModule() {
  const state = pipelineState;
  const request = (level: string) => (entry: { status?: unknown }, message: string) => {
    if (message === "request") state.requests.push({ level, status: entry.status });
  };
  const log = {
    child: () => log,
    debug: request("debug"),
    info: request("info"),
    warn: () => {},
    error: (entry: unknown) => state.logged.push(entry),
  };
  return { getLogger: () => log };
}

export const asRole = (role: StaffSession["user"]["role"]): StaffSession => ({
  user: { id: `u_${role}`, email: `${role}@countersign.test`, name: role, role },
});
