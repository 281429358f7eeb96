import { z } from "zod";
import { defineRoute } from "@/lib/server/http/route";
import { startStory } from "@/lib/server/services/conversations/start-story";

const bodySchema = z.object({ storyKey: z.string().trim().min(1).max(60) });

/*
 * "Start a story" from the inbox menu: opens the story's conversation and posts its first
 * customer message. Answers 202 once stored; the agent's run goes on in the background and the
 * inbox hears about it over the live stream.
 */
export const POST = defineRoute(
  { permission: "stories.start", body: bodySchema, maxBodyBytes: 1024 },
  async ({ body }) => {
    const started = await startStory(body.storyKey, { fromMenu: true });
    return Response.json(
      { conversationId: started.conversationId, runId: started.runId },
      { status: 202 },
    );
  },
);
