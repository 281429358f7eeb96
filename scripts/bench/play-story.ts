import type { PrismaClient } from "@/lib/generated/prisma/client";
import { getServerEnv } from "@/lib/server/env";
import { findDemoStory } from "@/lib/server/services/intake/demo-stories";
import {
  type IntakeContext,
  postCustomerMessage,
} from "@/lib/server/services/intake/post-customer-message";
import { startStory } from "@/lib/server/services/intake/start-story";
import { seedDatabase } from "@/prisma/seed-database";

/*
 * Plays a canonical story through the real entry points, as the customer would: the first
 * message, then each scripted follow-up, waiting for the agent's run after each one. A turn that
 * does not complete stops the bench: numbers from a broken story would mean nothing.
 */

type Posted = { completion: Promise<unknown> };

// Wraps each customer turn; the default just waits for the run. Benches pass one that measures.
export type TurnRunner = (post: () => Promise<Posted>) => Promise<unknown>;

const awaitRun: TurnRunner = async (post) => (await post()).completion;

export async function playStory(
  storyKey: string,
  context: IntakeContext,
  runTurn: TurnRunner = awaitRun,
): Promise<void> {
  const story = findDemoStory(storyKey);
  if (!story) throw new Error(`No story ${storyKey}`);
  let sessionId: string | null = null;
  let conversationId = "";
  const check = (outcome: unknown) => {
    if (outcome !== "completed") throw new Error(`${storyKey}: a run ended ${String(outcome)}`);
  };
  check(
    await runTurn(async () => {
      const started = await startStory(
        { storyKey, freshCustomer: getServerEnv().DEMO_MODE },
        context,
      );
      ({ sessionId, conversationId } = started);
      return started;
    }),
  );
  for (const text of story.followUps) {
    check(
      await runTurn(() =>
        postCustomerMessage({ conversationId, text, ...(sessionId && { sessionId }) }, context),
      ),
    );
  }
}

// Each round starts from the seed, as the story tests do: a story run twice on the same data
// would meet its own refund and take another path. The rows are deleted, not truncated: a
// TRUNCATE gives every table a new file, which makes every connection of a running server plan
// all its statements again, and a server in service never pays that between two requests.
// Deleting with the foreign keys' and the append-only triggers off needs a superuser (the
// benches' own Postgres is one); elsewhere the tables are truncated.
export async function resetAndSeed(prisma: PrismaClient): Promise<void> {
  const tables = await prisma.$queryRaw<{ tablename: string }[]>`
    SELECT tablename FROM pg_tables
    WHERE schemaname = current_schema() AND tablename <> '_prisma_migrations'`;
  const [{ superuser } = { superuser: false }] = await prisma.$queryRaw<{ superuser: boolean }[]>`
    SELECT rolsuper AS superuser FROM pg_roles WHERE rolname = current_user`;
  if (superuser) {
    await prisma.$transaction([
      prisma.$executeRawUnsafe("SET LOCAL session_replication_role = replica"),
      ...tables.map(({ tablename }) => prisma.$executeRawUnsafe(`DELETE FROM "${tablename}"`)),
    ]);
  } else {
    const list = tables.map(({ tablename }) => `"${tablename}"`).join(", ");
    await prisma.$executeRawUnsafe(`TRUNCATE ${list} RESTART IDENTITY CASCADE`);
  }
  await seedDatabase(prisma);
}
