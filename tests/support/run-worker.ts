import { createOfflineAgent } from "@/lib/agent/model/offline-agent";
import { PrismaClient } from "@/lib/generated/prisma/client";
import { createPrismaAdapter } from "@/lib/server/database-session";
import { type Reclaimed, registerInstance } from "@/lib/server/process/instances/instance-registry";
import { takeOverWork } from "@/lib/server/process/instances/take-over-work";
import { watchInstances } from "@/lib/server/process/instances/watch-instances";
import { PROCESS_ID } from "@/lib/server/process/process-id";
import { postCustomerMessage } from "@/lib/server/services/intake/post-customer-message";
import { startStory } from "@/lib/server/services/intake/start-story";
import { approveAction } from "@/lib/server/services/pending-actions/approve-or-reject-action";
import { executePendingAction } from "@/lib/server/services/pending-actions/execute-pending-action";
import { sweepPendingActions } from "@/lib/server/services/pending-actions/sweep-pending-actions";
import { resumeLapsedRuns } from "@/lib/server/services/runs/resume-lapsed-runs";
import { drainAsInstance } from "./drain-as-instance";
import { fixedClock, testUseCaseContext } from "./test-use-case-context";

/*
 * A separate server process for crash tests: it does one piece of work the way the app would
 * and exits. With COUNTERSIGN_FAULT_POINT set it dies at that point like a kill -9, and the
 * test starts another worker to see the work finish by itself.
 *
 *   node --conditions=react-server --import tsx tests/support/run-worker.ts start-story <key>
 *   … say <conversationId> <sessionId> <text>
 *   … approve <actionId> <deciderId>
 *   … sweep [clockOffsetMs]
 *   … take-over            beat once as a new instance, take over the work of dead ones, exit
 *   … drain                as an instance (heartbeats on): advance every run there is and answer
 *                          "yes" to every quote awaiting the customer, until nothing is left
 */

const prisma = new PrismaClient({ adapter: createPrismaAdapter(process.env.DATABASE_URL ?? "") });
const provider = createOfflineAgent();
const context = testUseCaseContext({ db: prisma, model: provider });
const [command, ...args] = process.argv.slice(2);

async function work(): Promise<unknown> {
  // Known as an app instance, like the app's processes, so a successor can tell it died.
  await registerInstance(prisma, PROCESS_ID);
  switch (command) {
    case "start-story": {
      const started = await startStory({ storyKey: args[0] ?? "", freshCustomer: false }, context);
      return { ...started, completion: await started.completion };
    }
    case "say": {
      const [conversationId = "", sessionId = "", text = ""] = args;
      const posted = await postCustomerMessage({ conversationId, sessionId, text }, context);
      return { ...posted, completion: await posted.completion };
    }
    case "approve": {
      const [actionId = "", deciderId = ""] = args;
      const context = testUseCaseContext({ db: prisma, model: provider });
      await approveAction({ actionId, deciderId }, context);
      return executePendingAction({ actionId }, context);
    }
    case "sweep": {
      const now = new Date(Date.now() + Number(args[0] ?? 0));
      const actions = await sweepPendingActions(
        {},
        testUseCaseContext({ db: prisma, model: provider, now: fixedClock(now) }),
      );
      const launched = await resumeLapsedRuns({}, context);
      const runs = await Promise.all(
        launched.map(async ({ runId, completion }) => ({ runId, outcome: await completion })),
      );
      return { actions, runs };
    }
    case "take-over": {
      const outcomes: Promise<unknown>[] = [];
      const taken: Reclaimed = { instanceIds: [], runIds: [], actionIds: [] };
      // Earlier workers of the test are dead too, and a worker killed just now is only judged
      // dead a beat or two after one that exited long ago: watch until every one is taken over.
      await new Promise<void>((resolve, reject) => {
        const watch = watchInstances({
          db: prisma,
          instanceId: PROCESS_ID,
          onReclaimed: async (reclaimed) => {
            const { runs } = await takeOverWork(reclaimed, context);
            outcomes.push(...runs);
            taken.instanceIds.push(...reclaimed.instanceIds);
            taken.runIds.push(...reclaimed.runIds);
            taken.actionIds.push(...reclaimed.actionIds);
            const others = await prisma.appInstance.count({
              where: { id: { not: PROCESS_ID }, reclaimedAt: null },
            });
            if (others > 0) return;
            await watch.stop();
            resolve();
          },
          onProblem: reject,
        });
      });
      return { taken, outcomes: await Promise.all(outcomes) };
    }
    case "drain":
      return drainAsInstance(prisma, provider);
    default:
      throw new Error(`Unknown command ${command}`);
  }
}

try {
  console.log(JSON.stringify(await work()));
} finally {
  await prisma.$disconnect();
}
