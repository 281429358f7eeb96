import { z } from "zod";
import { defineRoute } from "@/lib/server/http/route";
import { stopRun } from "@/lib/server/services/runs/stop-run";
import { staffActor } from "@/lib/server/services/staff-actor";

export const POST = defineRoute(
  { permission: "runs.control", params: z.object({ runId: z.string().min(1).max(100) }) },
  ({ params, session, context }) =>
    stopRun({ runId: params.runId, actor: staffActor(session) }, context),
);
