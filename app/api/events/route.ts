import { z } from "zod";
import { defineRoute } from "@/lib/server/http/route";
import { openEventStream } from "@/lib/server/realtime/open-event-stream";

export const dynamic = "force-dynamic";

const eventIdSchema = z.string().regex(/^\d{1,19}$/, "must be an event id");

const querySchema = z.object({
  conversationId: z.string().min(1).max(64).optional(),
  // For clients that cannot set the Last-Event-ID header on their first request.
  lastEventId: eventIdSchema.optional(),
});

// Staff live updates over Server-Sent Events; see openEventStream for replay and fan-out.
export const GET = defineRoute(
  { permission: "tickets.read", query: querySchema },
  ({ req, query }) => {
    const header = eventIdSchema.safeParse(req.headers.get("last-event-id") ?? undefined);
    const lastEventId = header.success ? header.data : query.lastEventId;
    return openEventStream({
      lastEventId: lastEventId === undefined ? null : BigInt(lastEventId),
      conversationId: query.conversationId,
      signal: req.signal,
    });
  },
);
