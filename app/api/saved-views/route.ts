import { defineRoute } from "@/lib/server/http/route";
import { listSavedViews } from "@/lib/server/services/saved-views/list-saved-views";
import {
  createSavedView,
  createSavedViewSchema,
} from "@/lib/server/services/saved-views/save-saved-view";

export const GET = defineRoute({ permission: "tickets.read" }, ({ session, context }) =>
  listSavedViews({ staff: session.user }, context),
);

export const POST = defineRoute(
  { permission: "tickets.read", body: createSavedViewSchema },
  ({ body, session, context }) => createSavedView({ staff: session.user, ...body }, context),
);
