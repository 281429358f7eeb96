import { z } from "zod";
import { defineRoute } from "@/lib/server/http/route";
import { resumeRun } from "@/lib/server/services/runs/resume-run";
import { staffActor } from "@/lib/server/services/staff-actor";

// Answers once the run is queued again; it advances in the background and the page follows live.
export const POST = defineRoute(
  { permission: "runs.control", params: z.object({ runId: z.string().min(1).max(100) }) },
  async ({ params, session, context }) => {
    const { runId } = await resumeRun({ runId: params.runId, actor: staffActor(session) }, context);
    return Response.json({ runId, status: "queued" }, { status: 202 });
  },
);
