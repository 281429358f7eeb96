import { defineRoute } from "@/lib/server/http/route";
import { inboxQuerySchema, listInbox } from "@/lib/server/services/inbox/list-inbox";

export const dynamic = "force-dynamic";

// One inbox page as JSON: ?status=…&channel=…&q=…&after=|before=<cursor>&limit=…
export const GET = defineRoute(
  { permission: "tickets.read", query: inboxQuerySchema },
  ({ query, session, context }) => listInbox({ ...query, staffUserId: session.user.id }, context),
);
