import "server-only";
import { z } from "zod";
import { requireWidgetSession } from "@/lib/server/services/widget/resolve-widget-session";
import { widgetSessionTokenFromHeaders } from "@/lib/server/services/widget/widget-request";
import type { PipelineContext } from "../route-pipeline";

/*
 * GET /api/widget/events, the widget's live stream (Server-Sent Events, Last-Event-ID replay),
 * defined once for both servers that answer it, like staff-events.ts: the route handler in
 * app/api writes a web Response, the Node route writes Node's response directly.
 */
const eventIdSchema = z.string().regex(/^\d{1,19}$/, "must be an event id");

const options = {
  permission: "public",
  // For clients that cannot set the Last-Event-ID header on their first request.
  query: z.object({ lastEventId: eventIdSchema.optional() }),
} as const;

type WidgetEventsContext = PipelineContext<"public", undefined, undefined, typeof options.query>;

/** The customer's live session and where their stream starts (the header wins over the query). */
async function streamRequest({ headers, query, context }: WidgetEventsContext) {
  const token = widgetSessionTokenFromHeaders(headers);
  const session = await requireWidgetSession({ token }, context);
  const header = eventIdSchema.safeParse(headers.get("last-event-id") ?? undefined);
  const lastEventId = header.success ? header.data : query.lastEventId;
  return { session, lastEventId: lastEventId === undefined ? null : BigInt(lastEventId) };
}

export const widgetEventsRoute = { options, streamRequest };
