import { describe, expect, it } from "vitest";
import { createOfflineAgent } from "@/lib/agent/model/offline-agent";
import { AGENT_ACTOR } from "@/lib/domain/actor";
import { takeOverConversation } from "@/lib/server/services/runs/take-over-conversation";
import { beginStory } from "@/tests/support/story-harness";
import { seededTestDatabase } from "@/tests/support/test-database-hooks";
import { testUseCaseContext } from "@/tests/support/test-use-case-context";
import { flagForPerson } from "./flag-for-person";

const prisma = seededTestDatabase();

const flagOf = (conversationId: string) =>
  prisma.conversation.findUniqueOrThrow({
    where: { id: conversationId },
    select: { needsPersonKind: true, needsPersonReason: true, needsPersonSince: true },
  });

describe("flagForPerson", () => {
  it("flags with the newest reason, keeps when the wait began, audits each change once, and a take-over clears it", async () => {
    const story = await beginStory(prisma, createOfflineAgent(), "too-big");
    const first = new Date("2026-12-06T10:00:00.000Z");
    const later = new Date("2026-12-06T10:05:00.000Z");
    const flag = (reason: string, now: Date) =>
      prisma.$transaction((tx) =>
        flagForPerson(tx, {
          conversationId: story.conversationId,
          flag: { kind: "agent_could_not_reply", reason },
          actor: AGENT_ACTOR,
          now,
        }),
      );
    await flag("The agent had nothing it could send.", first);
    await flag("The agent had nothing it could send.", later);
    await flag("The agent had   nothing\nit could send twice.", later);

    expect(await flagOf(story.conversationId)).toEqual({
      needsPersonKind: "agent_could_not_reply",
      needsPersonReason: "The agent had nothing it could send twice.",
      needsPersonSince: first,
    });
    const flagged = await prisma.auditEvent.count({
      where: { conversationId: story.conversationId, kind: "conversation.flagged_for_person" },
    });
    expect(flagged).toBe(2);

    const agent = await prisma.staffUser.findFirstOrThrow({ where: { role: "agent" } });
    await takeOverConversation(
      { conversationId: story.conversationId, staff: { id: agent.id, role: "agent" } },
      testUseCaseContext({ db: prisma }),
    );
    expect(await flagOf(story.conversationId)).toEqual({
      needsPersonKind: null,
      needsPersonReason: null,
      needsPersonSince: null,
    });
    const cleared = await prisma.auditEvent.findFirstOrThrow({
      where: { conversationId: story.conversationId, kind: "conversation.person_flag_cleared" },
    });
    expect(cleared.actorId).toBe(agent.id);
  });
});
