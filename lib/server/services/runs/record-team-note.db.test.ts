import { describe, expect, it } from "vitest";
import { seededTestDatabase } from "@/tests/support/test-database-hooks";
import { recordTeamNote } from "./record-team-note";

const prisma = seededTestDatabase();

describe("a team note", () => {
  it("is stored and announced once per dedupe key, however often the call runs", async () => {
    const customer = await prisma.customer.findFirstOrThrow();
    const conversation = await prisma.conversation.create({
      data: { channel: "chat", customerId: customer.id, subject: "Notes" },
    });
    const note = (dedupeKey: string, text: string) =>
      recordTeamNote(prisma, {
        conversationId: conversation.id,
        runId: "run-1",
        note: text,
        dedupeKey,
      });

    const first = await note("run-1:call-1", "Customer sent photos.");
    const again = await Promise.all([
      note("run-1:call-1", "Customer sent photos."),
      note("run-1:call-1", "A different text under the same key."),
    ]);
    const other = await note("run-1:call-2", "Second note.");

    expect(again.map((stored) => stored.messageId)).toEqual([first.messageId, first.messageId]);
    const notes = await prisma.message.findMany({
      where: { conversationId: conversation.id },
      orderBy: { createdAt: "asc" },
    });
    expect(
      notes.map((row) => [row.id, row.body, row.visibility, row.authorKind, row.runId]),
    ).toEqual([
      [first.messageId, "Customer sent photos.", "internal", "agent", "run-1"],
      [other.messageId, "Second note.", "internal", "agent", "run-1"],
    ]);
    const events = await prisma.realtimeEvent.findMany({
      where: { conversationId: conversation.id, topic: "message.created" },
      orderBy: { id: "asc" },
    });
    expect(events.map((event) => event.payload)).toEqual([
      { messageId: first.messageId, visibility: "internal" },
      { messageId: other.messageId, visibility: "internal" },
    ]);
  });
});
