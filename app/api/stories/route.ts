import { z } from "zod";
import { getServerEnv } from "@/lib/server/env";
import { idempotencyKeyOf } from "@/lib/server/http/idempotency-key";
import { defineRoute } from "@/lib/server/http/route";
import { intakeKey } from "@/lib/server/services/intake/intake-receipt";
import { startStory } from "@/lib/server/services/intake/start-story";

const bodySchema = z.object({ storyKey: z.string().trim().min(1).max(60) });

/*
 * "Start a story" from the inbox menu: opens the story's conversation and posts its first
 * customer message. Answers 202 once stored; the agent's run goes on in the background and the
 * inbox hears about it over the live stream. With an Idempotency-Key, a repeat by the same staff
 * member answers 200 with the first start's ids and starts nothing.
 */
export const POST = defineRoute(
  { permission: "stories.start", body: bodySchema, maxBodyBytes: 1024 },
  async ({ req, body, session, context }) => {
    const key = idempotencyKeyOf(req.headers);
    const started = await startStory(
      {
        storyKey: body.storyKey,
        fromMenu: true,
        freshCustomer: getServerEnv().DEMO_MODE,
        ...(key && { intake: intakeKey(`story-start:${session.user.id}`, key, body) }),
      },
      context,
    );
    return Response.json(
      { conversationId: started.conversationId, runId: started.runId },
      { status: started.duplicate ? 200 : 202 },
    );
  },
);
