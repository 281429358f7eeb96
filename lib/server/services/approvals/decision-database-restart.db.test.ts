import { setTimeout as sleep } from "node:timers/promises";
import { beforeEach, describe, expect, it } from "vitest";
import { createOfflineAgent } from "@/lib/agent/model/offline-agent";
import type { PrismaClient } from "@/lib/generated/prisma/client";
import { createLedgerPaymentProvider } from "@/lib/integrations/payments/ledger/ledger-payment-provider";
import type { PaymentProvider } from "@/lib/integrations/payments/payment-provider";
import { sealPendingLogs } from "@/lib/server/audit/seal-pending-logs";
import { verifyStoredAuditChain } from "@/lib/server/audit/verify-audit-chain";
import { resetAndSeed } from "@/tests/db/test-database";
import type { RestartablePostgres } from "@/tests/support/restartable-postgres";
import { actionsOf, approverId, beginStory } from "@/tests/support/story-harness";
import { ownRestartablePostgres } from "@/tests/support/test-database-hooks";
import { testUseCaseContext } from "@/tests/support/test-use-case-context";
import { decideApproval } from "./decide-approval";

/*
 * Postgres restarts right after the payment provider paid an approved refund: the approver's
 * request waits it out and answers with the paid refund, recorded once. A Postgres of this
 * file's own, so restarting it disturbs no other file.
 */

let pg: RestartablePostgres;
let prisma: PrismaClient;
ownRestartablePostgres("restart_decisions", { appReadsIt: true }, (own) => {
  pg = own.server;
  prisma = own.prisma;
});
process.env.LOG_LEVEL ??= "silent";
const provider = createOfflineAgent();

beforeEach(() => resetAndSeed(prisma));

describe("an approval across a Postgres restart", () => {
  it("records the paid refund once the database is back and answers with it, not a 500", async () => {
    const story = await beginStory(prisma, provider, "too-big");
    await story.say("yes");
    const [action] = await actionsOf(prisma, story.conversationId);
    expect(action?.status).toBe("awaiting_approval");

    const ledger = createLedgerPaymentProvider({ db: prisma });
    let restarted: Promise<void> = Promise.resolve();
    const payments: PaymentProvider = {
      ...ledger,
      async createRefund(request) {
        const refund = await ledger.createRefund(request);
        // Paid; the database goes away before the payment is written down.
        await pg.stop();
        restarted = sleep(3_000).then(() => pg.start());
        return refund;
      },
    };

    const { result, agentTurn } = await decideApproval(
      { decision: "approve", actionId: action?.id ?? "", deciderId: await approverId(prisma) },
      testUseCaseContext({ db: prisma, payments, model: provider }),
    );
    await restarted;
    expect(await agentTurn).toBe("completed");

    expect(result).toMatchObject({ decision: "approved", status: "executed" });
    expect(result.refund?.amountCents).toBe(8010);
    expect(await prisma.refund.count()).toBe(1);
    const [after] = await actionsOf(prisma, story.conversationId);
    expect(after?.status).toBe("executed");
    const notes = await prisma.message.count({
      where: { conversationId: story.conversationId, dedupeKey: `decision:${action?.id}` },
    });
    expect(notes).toBe(1);
    await sealPendingLogs(prisma);
    expect(await verifyStoredAuditChain(prisma)).toMatchObject({ ok: true });
  }, 60_000);
});
