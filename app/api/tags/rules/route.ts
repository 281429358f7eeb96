import { defineRoute } from "@/lib/server/http/route";
import {
  listTagRules,
  switchTagRule,
  switchTagRuleSchema,
} from "@/lib/server/services/tags/tag-rule-switches";

export const GET = defineRoute({ permission: "settings.read" }, ({ session, context }) =>
  listTagRules({ staffUserId: session.user.id }, context),
);

export const PUT = defineRoute(
  { permission: "settings.write", body: switchTagRuleSchema },
  ({ body, session, context }) => switchTagRule({ staff: session.user, ...body }, context),
);
