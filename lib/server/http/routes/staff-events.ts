import "server-only";
import { z } from "zod";
import type { PipelineContext } from "../route-pipeline";

/*
 * GET /api/events, the staff live-update stream, defined once for both servers that answer it:
 * the route handler in app/api (a web Response, for next dev and any server that has not
 * registered the Node routes) and the Node route next-server.mjs answers before Next
 * (node-routes.ts), which writes the stream to Node's response directly.
 */
const eventIdSchema = z.string().regex(/^\d{1,19}$/, "must be an event id");

const options = {
  permission: "tickets.read",
  query: z.object({
    conversationId: z.string().min(1).max(64).optional(),
    // For clients that cannot set the Last-Event-ID header on their first request.
    lastEventId: eventIdSchema.optional(),
  }),
} as const;

type StaffEventsContext = PipelineContext<
  typeof options.permission,
  undefined,
  undefined,
  typeof options.query
>;

/** Where the stream starts (the header wins over the query) and which conversation it shows. */
function streamRequest({ headers, query }: StaffEventsContext) {
  const header = eventIdSchema.safeParse(headers.get("last-event-id") ?? undefined);
  const lastEventId = header.success ? header.data : query.lastEventId;
  return {
    lastEventId: lastEventId === undefined ? null : BigInt(lastEventId),
    conversationId: query.conversationId,
  };
}

export const staffEventsRoute = { options, streamRequest };
