import "server-only";
import type { ToolContext } from "@/lib/agent/tools/tool-types";
import { renderingLanguage } from "@/lib/domain/languages";
import { Prisma, type PrismaClient, type RunStep } from "@/lib/generated/prisma/client";
import { type ModelInput, modelInputColumn, parseModelInput } from "./load-conversation-state";
import { fromStoredJson, type StoredStepJson } from "./write-steps";

export type RunStart = {
  conversation: ToolContext["conversation"];
  stopRequested: boolean;
  /** This run's stored steps, in sequence order. */
  steps: RunStep[];
  /**
   * The conversation's other runs' steps in transcript order (run creation, run id, sequence),
   * split where this run's steps go. Only a lease holder appends steps and a conversation has
   * one running run at a time, so while we hold the lease these do not change.
   */
  before: RunStep[];
  after: RunStep[];
  /** The first model step's input, read with the rest. */
  modelInput: ModelInput;
};

type StartRow = {
  conversation_id: string;
  channel: ToolContext["conversation"]["channel"];
  subject: string;
  customer_id: string;
  customer_name: string;
  customer_email: string;
  language: string | null;
  stop_requested: boolean;
  steps: { step: StoredStepJson; position: "before" | "own" | "after" }[];
  model_input: unknown;
};

/*
 * Everything the loop needs once per run, in one statement: the conversation and its customer
 * (the tools' scope), whether a stop was requested, and the steps of every run of the
 * conversation in the order loadTranscript reads them, and the first model step's input (state
 * and messages; later steps read theirs again, since a customer can write while the run works).
 * It is the last part of the claim's statement, after its writes (in a WITH), and sees the claim.
 */
export function runStartSelect(runId: string): Prisma.Sql {
  return Prisma.sql`
    SELECT c.id AS conversation_id, c.channel::text AS channel, c.subject,
           c.customer_id, cu.name AS customer_name, cu.email AS customer_email, c.language,
           r.stop_requested_at IS NOT NULL AS stop_requested,
           COALESCE((
             SELECT json_agg(json_build_object(
                      'step', s,
                      'position', CASE WHEN other.id = r.id THEN 'own'
                                       WHEN (other.created_at, other.id) < (r.created_at, r.id)
                                         THEN 'before'
                                       ELSE 'after' END)
                    ORDER BY other.created_at, other.id, s.sequence)
               FROM run_steps AS s
               JOIN runs AS other ON other.id = s.run_id
              WHERE other.conversation_id = c.id
           ), '[]'::json) AS steps,
           ${modelInputColumn(Prisma.sql`r.conversation_id`)} AS model_input
      FROM runs AS r
      JOIN conversations AS c ON c.id = r.conversation_id
      JOIN customers AS cu ON cu.id = c.customer_id
     WHERE r.id = ${runId}`;
}

export function parseRunStart(runId: string, result: unknown): RunStart {
  const row = result as StartRow | undefined;
  if (!row) throw new Error(`Run ${runId} not found`);
  const stepsAt = (position: "before" | "own" | "after") =>
    row.steps
      .filter((entry) => entry.position === position)
      .map((entry) => fromStoredJson(entry.step));
  return {
    conversation: {
      id: row.conversation_id,
      channel: row.channel,
      subject: row.subject,
      customerId: row.customer_id,
      customerName: row.customer_name,
      customerEmail: row.customer_email,
      language: renderingLanguage({ code: row.language, source: null }),
    },
    stopRequested: row.stop_requested,
    steps: stepsAt("own"),
    before: stepsAt("before"),
    after: stepsAt("after"),
    modelInput: parseModelInput(row.conversation_id, row.model_input),
  };
}

/** The same read on its own, for a claimed run whose conversation changed before it started. */
export async function reloadRunStart(db: PrismaClient, runId: string): Promise<RunStart> {
  const [row] = await db.$queryRaw<unknown[]>(runStartSelect(runId));
  return parseRunStart(runId, row);
}
