import { describe, expect, it } from "vitest";
import { recordTeamNote, teamNoteEffect } from "@/lib/server/services/runs/record-team-note";
import { type ClaimedRun, claimedRun } from "@/tests/support/claimed-run";
import { seededTestDatabase } from "@/tests/support/test-database-hooks";
import { LeaseLostError } from "./run-lease";
import { type StepRow, writeStepsFenced } from "./write-steps";

process.env.LOG_LEVEL ??= "silent";

const prisma = seededTestDatabase();

const newClaimedRun = (owner: string) => claimedRun(prisma, owner, "Team notes");

type Target = ClaimedRun;

const noteOf = (target: Target) => ({
  conversationId: target.conversationId,
  runId: target.runId,
  note: "Customer mentioned a chargeback.",
  dedupeKey: `tool:${target.runId}:call_note`,
});

const modelStep: StepRow[] = [
  { sequence: 0, kind: "model_output", text: "", finishReason: "tool_calls", inputTokens: 90 },
  {
    sequence: 1,
    kind: "tool_call",
    toolCallId: "call_note",
    toolName: "leave_team_note",
    toolArgs: { note: "Customer mentioned a chargeback." },
  },
];

const resultRow = (messageId: string): StepRow => ({
  sequence: 2,
  kind: "tool_result",
  toolCallId: "call_note",
  toolName: "leave_team_note",
  toolResult: { noted: true, messageId },
});

// Everything the two writes leave behind, with the ids that differ between two runs replaced by
// what they point at.
async function stored(target: Target, messageId: string) {
  const run = await prisma.run.findUniqueOrThrow({
    where: { id: target.runId },
    include: { steps: { orderBy: { sequence: "asc" } } },
  });
  const notes = await prisma.message.findMany({ where: { conversationId: target.conversationId } });
  const events = await prisma.realtimeEvent.findMany({
    where: { conversationId: target.conversationId },
    orderBy: { id: "asc" },
  });
  const named = (value: unknown) =>
    JSON.parse(
      JSON.stringify(value)
        .replaceAll(target.runId, "run")
        .replaceAll(target.conversationId, "conversation")
        .replaceAll(messageId, "note"),
    );
  return named({
    stepCount: run.stepCount,
    leaseOwner: run.leaseOwner,
    steps: run.steps.map(({ id: _id, createdAt: _at, ...step }) => step),
    notes: notes.map(({ createdAt: _at, ...note }) => note),
    events: events.map((event) => ({ topic: event.topic, payload: event.payload })),
  });
}

describe("a team note stored by its tool result's write", () => {
  it("stores with its model output exactly what the step write, the note and the result write stored", async () => {
    const before = await newClaimedRun("instance-a");
    const after = await newClaimedRun("instance-a");
    await writeStepsFenced(
      prisma,
      before,
      modelStep,
      { stepCount: 2, inputTokens: 90 },
      { sequence: 0, kind: "model_output" },
    );
    const { messageId: oldId } = await recordTeamNote(prisma, noteOf(before));
    await writeStepsFenced(
      prisma,
      before,
      [resultRow(oldId)],
      { stepCount: 3 },
      { sequence: 2, kind: "tool_result" },
    );

    const { messageId: newId, effect } = teamNoteEffect(
      { ...noteOf(after), toolCallId: "call_note" },
      "team_note_0",
    );
    await writeStepsFenced(
      prisma,
      after,
      [...modelStep, { ...resultRow(newId), unlessStopped: true }],
      { stepCount: 3, inputTokens: 90 },
      { sequence: 0, kind: "model_output" },
      { effects: [effect] },
    );

    const { events: oldEvents, ...old } = await stored(before, oldId);
    const { events, ...written } = await stored(after, newId);
    expect(written).toEqual(old);
    expect(written.notes).toHaveLength(1);
    // One step event for the write (as a read-only tool's result stored with its model output),
    // after the note's.
    expect(oldEvents.map((event: { topic: string }) => event.topic)).toEqual([
      "run.step",
      "message.created",
      "run.step",
    ]);
    expect(events).toEqual([oldEvents[1], oldEvents[0]]);
  });

  it("writes no note for a writer that does not hold the lease", async () => {
    const target = await newClaimedRun("instance-a");
    const { messageId, effect } = teamNoteEffect(
      { ...noteOf(target), toolCallId: "call_note" },
      "team_note_0",
    );
    await expect(
      writeStepsFenced(
        prisma,
        { ...target, owner: "instance-b" },
        [...modelStep, resultRow(messageId)],
        { stepCount: 3 },
        { sequence: 0, kind: "model_output" },
        { effects: [effect] },
      ),
    ).rejects.toBeInstanceOf(LeaseLostError);
    expect(await prisma.message.count({ where: { conversationId: target.conversationId } })).toBe(
      0,
    );
    expect(
      await prisma.realtimeEvent.count({ where: { conversationId: target.conversationId } }),
    ).toBe(0);
  });

  it("writes no note when a stop requested meanwhile keeps its result out", async () => {
    const target = await newClaimedRun("instance-a");
    await prisma.run.update({ where: { id: target.runId }, data: { stopRequestedAt: new Date() } });
    const { messageId, effect } = teamNoteEffect(
      { ...noteOf(target), toolCallId: "call_note" },
      "team_note_0",
    );
    const written = await writeStepsFenced(
      prisma,
      target,
      [...modelStep, { ...resultRow(messageId), unlessStopped: true }],
      { stepCount: 3 },
      { sequence: 0, kind: "model_output" },
      { effects: [effect] },
    );
    expect(written.stopRequested).toBe(true);
    expect(written.steps.map((step) => step.kind)).toEqual(["model_output", "tool_call"]);
    expect(await prisma.message.count({ where: { conversationId: target.conversationId } })).toBe(
      0,
    );
  });
});
