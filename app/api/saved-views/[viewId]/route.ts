import { z } from "zod";
import { defineRoute } from "@/lib/server/http/route";
import {
  deleteSavedView,
  renameSavedView,
  renameSavedViewSchema,
} from "@/lib/server/services/saved-views/save-saved-view";

const params = z.object({ viewId: z.string().min(1).max(100) });

export const PUT = defineRoute(
  { permission: "tickets.read", params, body: renameSavedViewSchema },
  ({ params, body, session, context }) =>
    renameSavedView({ staff: session.user, viewId: params.viewId, name: body.name }, context),
);

export const DELETE = defineRoute(
  { permission: "tickets.read", params },
  ({ params, session, context }) =>
    deleteSavedView({ staff: session.user, viewId: params.viewId }, context),
);
