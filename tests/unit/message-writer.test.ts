import { describe, expect, it } from "vitest";
import { isTestFile, readSources } from "@/tests/support/source-tree";

/*
 * Message creation is one function (createMessage, and insertMessageSql for the single-statement
 * writes), so every message is stored with the same dedupe rule and announced with the same
 * event. Nothing else under lib/ may insert into the messages table; tests set up rows freely.
 */

const MESSAGE_WRITER = "lib/server/repositories/message-repository.ts";

const MESSAGE_INSERTS = [
  /\.message\s*\.\s*(create|createMany|createManyAndReturn|upsert)\s*\(/,
  /\binsert\s+into\s+(?:"?public"?\.)?"?messages"?[\s(]/i,
  /\bmessages\s*:\s*\{\s*(create|createMany|connectOrCreate|upsert)\b/,
];

function messageWritersBesidesTheOne(sources: Map<string, string>): string[] {
  return [...sources]
    .filter(([file]) => file !== MESSAGE_WRITER && !isTestFile(file))
    .filter(([, text]) => MESSAGE_INSERTS.some((insert) => insert.test(text)))
    .map(([file]) => file);
}

describe("the messages table's one writer", () => {
  it("is the only file under lib/ that inserts messages", () => {
    expect(messageWritersBesidesTheOne(readSources(["lib"]))).toEqual([]);
  });

  it("reports any other file that inserts one, in Prisma or SQL", () => {
    const probes: Record<string, string> = {
      "lib/server/services/runs/probe-create.ts": "await tx.message.create({ data });",
      "lib/server/services/email/probe-many.ts":
        "await tx.message\n  .createMany({ data: [note], skipDuplicates: true });",
      "lib/server/services/intake/probe-sql.ts":
        "await tx.$executeRaw`WITH m AS (INSERT INTO messages (id, body) VALUES (1, 2))`;",
      "lib/server/process/probe-quoted.ts": 'await db.$executeRaw`insert into "messages"(id)`;',
      "lib/server/services/conversations/probe-nested.ts":
        "await tx.conversation.create({ data: { messages: { create: [note] } } });",
    };
    const sources = readSources(["lib"]);
    // The one writer's own inserts, Prisma and SQL, are found when they sit anywhere else.
    probes["lib/server/services/runs/copied-writer.ts"] = sources.get(MESSAGE_WRITER) ?? "";
    for (const [file, text] of Object.entries(probes)) sources.set(file, text);
    sources.set("lib/server/services/runs/fixture.db.test.ts", "await prisma.message.create({});");
    sources.set("lib/server/services/runs/reads.ts", "await tx.message.findMany({ where });");
    expect(messageWritersBesidesTheOne(sources).sort()).toEqual(Object.keys(probes).sort());
  });
});
