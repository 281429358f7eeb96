import { defineRoute } from "@/lib/server/http/route";
import { approvalDecisionRoute } from "@/lib/server/http/routes/approval-decision";

// Also answered by next-server.mjs before Next, with the same definition (lib/server/http/node-routes.ts).
export const POST = defineRoute(approvalDecisionRoute.options, approvalDecisionRoute.handler);
