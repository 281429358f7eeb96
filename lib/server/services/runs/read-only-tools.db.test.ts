import { describe, expect, it } from "vitest";
import { executeToolCall } from "@/lib/agent/tools/execute-tool-call";
import { AGENT_TOOLS } from "@/lib/agent/tools/registry";
import type { AgentServices, ToolContext } from "@/lib/agent/tools/tool-types";
import type { PrismaClient } from "@/lib/generated/prisma/client";
import { seededTestDatabase } from "@/tests/support/test-database-hooks";
import { testUseCaseContext } from "@/tests/support/test-use-case-context";
import { agentServicesFor } from "./agent-services";

process.env.LOG_LEVEL ??= "silent";

const prisma = seededTestDatabase();

// Calls each read-only tool is asked with: found, not found, and malformed.
const CALLS: Record<string, string[]> = {
  lookup_order: ["{}", '{"orderNumber":"A1043"}', '{"orderNumber":"Z9999"}'],
  check_refund_policy: ['{"orderNumber":"A1043"}', '{"orderNumber":"A1066"}', "{}"],
  answer_policy_question: ['{"question":"Can I return opened earbuds?"}', "not json"],
};

/*
 * The loop runs a read-only tool before storing the call and may run it again after a crash or
 * a stop, so "read-only" must hold: in a transaction that Postgres assigns a transaction id only
 * when it writes, the tool's reads leave none, and no write service of the port is reached.
 */
describe("tools marked read-only", () => {
  it("are the tools that only read", () => {
    const readOnly = [...AGENT_TOOLS.values()].filter((tool) => tool.readOnly);
    expect(readOnly.map((tool) => tool.name).sort()).toEqual(Object.keys(CALLS).sort());
  });

  it.each(Object.entries(CALLS))("%s writes nothing, whatever it is asked", async (name, calls) => {
    const customer = await prisma.customer.findFirstOrThrow({
      where: { email: "maya@example.com" },
    });
    const conversation: ToolContext["conversation"] = {
      id: "read-only-check",
      channel: "chat",
      subject: "Read-only check",
      customerId: customer.id,
      customerName: customer.name,
      customerEmail: customer.email,
      language: "en" as const,
    };
    for (const argumentsJson of calls) {
      const outcome = await prisma.$transaction(async (tx) => {
        const db = tx as unknown as PrismaClient;
        const refuse = (write: string) => () =>
          Promise.reject(new Error(`${name} called ${write}`));
        const services: AgentServices = {
          ...agentServicesFor({ runId: "run-1", conversation }, testUseCaseContext({ db })),
          proposeRefund: refuse("proposeRefund"),
          deliverCustomerMessage: refuse("deliverCustomerMessage"),
          leaveTeamNote: refuse("leaveTeamNote"),
          openDisputeTicket: refuse("openDisputeTicket"),
        };
        const result = await executeToolCall(
          AGENT_TOOLS,
          { id: "call-1", name, argumentsJson },
          { db, services, runId: "run-1", toolCallId: "call-1", now: new Date(), conversation },
        );
        const [row] = await tx.$queryRaw<{ xid: string | null }[]>`
          SELECT txid_current_if_assigned()::text AS xid`;
        expect(row?.xid, `${name} ${argumentsJson} wrote`).toBeNull();
        return result;
      });
      expect(outcome.result).toEqual(expect.any(Object));
    }
  });
});
