import { createOfflineAgent } from "@/lib/agent/model/offline-agent";
import { PrismaClient } from "@/lib/generated/prisma/client";
import { createPrismaAdapter } from "@/lib/server/database-session";
import { approveAction } from "@/lib/server/services/actions/decide-approval";
import { executePendingAction } from "@/lib/server/services/actions/execute-pending-action";
import { sweepPendingActions } from "@/lib/server/services/actions/sweep-pending-actions";
import { postCustomerMessage } from "@/lib/server/services/conversations/post-customer-message";
import { startStory } from "@/lib/server/services/conversations/start-story";
import { resumeLapsedRuns } from "@/lib/server/services/runs/resume-lapsed-runs";

/*
 * A separate server process for crash tests: it does one piece of work the way the app would
 * and exits. With COUNTERSIGN_FAULT_POINT set it dies at that point like a kill -9, and the
 * test starts another worker to see the work finish by itself.
 *
 *   node --conditions=react-server --import tsx tests/support/run-worker.ts start-story <key>
 *   … say <conversationId> <sessionId> <text>
 *   … approve <actionId> <deciderId>
 *   … sweep [clockOffsetMs]
 */

const prisma = new PrismaClient({ adapter: createPrismaAdapter(process.env.DATABASE_URL ?? "") });
const provider = createOfflineAgent();
const [command, ...args] = process.argv.slice(2);

async function work(): Promise<unknown> {
  switch (command) {
    case "start-story": {
      const started = await startStory(args[0] ?? "", {
        db: prisma,
        provider,
        freshCustomer: false,
      });
      return { ...started, completion: await started.completion };
    }
    case "say": {
      const [conversationId = "", sessionId = "", text = ""] = args;
      const posted = await postCustomerMessage(
        { conversationId, sessionId, text },
        { db: prisma, provider },
      );
      return { ...posted, completion: await posted.completion };
    }
    case "approve": {
      const [actionId = "", deciderId = ""] = args;
      await approveAction({ actionId, deciderId }, { db: prisma });
      return executePendingAction({ actionId }, { db: prisma });
    }
    case "sweep": {
      const now = new Date(Date.now() + Number(args[0] ?? 0));
      const actions = await sweepPendingActions({ db: prisma, now });
      const launched = await resumeLapsedRuns({ db: prisma, provider });
      const runs = await Promise.all(
        launched.map(async ({ runId, completion }) => ({ runId, outcome: await completion })),
      );
      return { actions, runs };
    }
    default:
      throw new Error(`Unknown command ${command}`);
  }
}

try {
  console.log(JSON.stringify(await work()));
} finally {
  await prisma.$disconnect();
}
