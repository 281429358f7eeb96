import { describe, expect, it } from "vitest";
import { auditKeyBytes, computeCheckpointMac, sealAuditRows } from "@/lib/domain/audit-chain";
import { emptyTestDatabase } from "@/tests/support/test-database-hooks";
import { appendAuditEvents } from "./append-audit-events";
import { toAuditRowFields } from "./audit-rows";
import { sealPendingLogs } from "./seal-pending-logs";
import { verifyStoredAuditChain } from "./verify-audit-chain";

const prisma = emptyTestDatabase();

const KEY = "audit-chain-test-key-audit-chain-test-key";
const THIEF_KEY = "not-the-servers-key-not-the-servers-key-00";

/** Five sealed events (with a checkpoint of the head at position 5). */
async function writeChain(count = 5): Promise<bigint[]> {
  for (let index = 0; index < count; index += 1) {
    await prisma.$transaction((tx) =>
      appendAuditEvents(tx, [
        {
          kind: "pending_action.declined",
          subjectType: "pending_action",
          subjectId: `pa_${index}`,
          actor: { type: "customer", customerId: "cus_sam" },
          occurredAt: new Date(Date.UTC(2026, 0, 1, 12, 0, index)),
          payload: { from: "awaiting_confirmation", to: "declined" },
          conversationId: "conv_1",
        },
      ]),
    );
  }
  await sealPendingLogs(prisma, { auditKey: KEY });
  const rows = await prisma.auditEvent.findMany({ orderBy: { position: "asc" } });
  return rows.map((row) => row.id);
}

/** Runs `sql` with the append-only trigger off: what a table owner or superuser can do. */
async function tamper(...statements: string[]) {
  await prisma.$transaction([
    prisma.$executeRawUnsafe("ALTER TABLE audit_events DISABLE TRIGGER audit_events_append_only"),
    ...statements.map((sql) => prisma.$executeRawUnsafe(sql)),
    prisma.$executeRawUnsafe("ALTER TABLE audit_events ENABLE TRIGGER audit_events_append_only"),
  ]);
}

const verify = () => verifyStoredAuditChain(prisma, { auditKey: KEY });

describe("the stored audit chain", () => {
  it("verifies an intact chain and its checkpoint", async () => {
    await writeChain();
    expect(await verify()).toMatchObject({
      ok: true,
      checked: 5,
      pending: 0,
      head: { position: 5n },
      checkpoint: { position: 5n },
    });
  });

  it("is refused UPDATE and DELETE by the database, also of unsealed rows", async () => {
    const [first] = await writeChain();
    await expect(
      prisma.$executeRawUnsafe(`UPDATE audit_events SET payload = '{}' WHERE id = ${first}`),
    ).rejects.toThrow(/append-only: UPDATE refused/);
    await expect(
      prisma.$executeRawUnsafe(`UPDATE audit_events SET position = 99 WHERE id = ${first}`),
    ).rejects.toThrow(/append-only/);
    await expect(
      prisma.$executeRawUnsafe(`DELETE FROM audit_events WHERE id = ${first}`),
    ).rejects.toThrow(/append-only: DELETE refused/);
    await expect(
      prisma.$executeRawUnsafe(
        `INSERT INTO audit_events (kind, actor_kind, subject_type, subject_id, payload, position, hash)
         VALUES ('x', 'system', 'x', 'x', '{}', 6, 'f')`,
      ),
    ).rejects.toThrow(/inserted unsealed/);
    await prisma.$transaction((tx) =>
      appendAuditEvents(tx, [
        {
          kind: "pending_action.declined",
          subjectType: "pending_action",
          subjectId: "pa_unsealed",
          actor: { type: "system" },
          occurredAt: new Date(),
          payload: { from: "awaiting_confirmation", to: "declined" },
        },
      ]),
    );
    await expect(
      prisma.$executeRawUnsafe(
        "UPDATE audit_events SET subject_id = 'pa_other' WHERE subject_id = 'pa_unsealed'",
      ),
    ).rejects.toThrow(/UPDATE refused/);
    await expect(
      prisma.$executeRawUnsafe("DELETE FROM audit_events WHERE subject_id = 'pa_unsealed'"),
    ).rejects.toThrow(/DELETE refused/);
    await expect(prisma.$executeRawUnsafe("DELETE FROM audit_checkpoints")).rejects.toThrow(
      /append-only/,
    );
    expect(await verify()).toMatchObject({ ok: true, checked: 5, pending: 1 });
  });

  it("detects an edited amount at that row", async () => {
    const ids = await writeChain();
    await tamper(
      `UPDATE audit_events SET payload = jsonb_set(payload, '{to}', '"approved"') WHERE id = ${ids[2]}`,
    );
    expect(await verify()).toMatchObject({
      ok: false,
      problem: "HASH_MISMATCH",
      brokenAtId: ids[2],
      brokenAtPosition: 3n,
      checked: 2,
    });
  });

  it("detects an edited conversation id (every column is hashed)", async () => {
    const ids = await writeChain();
    await tamper(`UPDATE audit_events SET conversation_id = 'conv_2' WHERE id = ${ids[1]}`);
    expect(await verify()).toMatchObject({ ok: false, problem: "HASH_MISMATCH", checked: 1 });
  });

  it.each([
    ["head", 0, 0],
    ["middle", 2, 2],
  ])("detects deletion of the %s", async (_where, index, checked) => {
    const ids = await writeChain();
    await tamper(`DELETE FROM audit_events WHERE id = ${ids[index]}`);
    expect(await verify()).toMatchObject({ ok: false, problem: "POSITION_GAP", checked });
  });

  it("detects deletion of the tail through the checkpoint", async () => {
    const ids = await writeChain();
    await tamper(`DELETE FROM audit_events WHERE id IN (${ids[3]}, ${ids[4]})`);
    expect(await verify()).toMatchObject({
      ok: false,
      problem: "TAIL_MISSING",
      checked: 3,
      brokenAtPosition: 5n,
    });
  });

  it("detects an inserted row", async () => {
    const ids = await writeChain();
    // Squeezed in after position 2, the rest renumbered so positions stay gapless.
    await tamper(
      "UPDATE audit_events SET position = -(position + 1) WHERE position > 2",
      "UPDATE audit_events SET position = -position WHERE position < 0",
      `INSERT INTO audit_events (kind, actor_kind, subject_type, subject_id, payload, position, prev_hash, hash)
       SELECT kind, actor_kind, subject_type, 'pa_forged', payload, 3, hash, md5(hash) || md5(hash)
       FROM audit_events WHERE id = ${ids[1]}`,
    );
    expect(await verify()).toMatchObject({ ok: false, problem: "HASH_MISMATCH", checked: 2 });
  });

  it("detects two rows swapped", async () => {
    const ids = await writeChain();
    await tamper(
      `UPDATE audit_events SET position = -position WHERE id IN (${ids[1]}, ${ids[2]})`,
      `UPDATE audit_events SET position = 3 WHERE id = ${ids[1]}`,
      `UPDATE audit_events SET position = 2 WHERE id = ${ids[2]}`,
    );
    expect(await verify()).toMatchObject({ ok: false, problem: "PREV_HASH_MISMATCH", checked: 1 });
  });

  it("detects a chain re-hashed without the key", async () => {
    await writeChain();
    await rehashFrom(THIEF_KEY);
    expect(await verify()).toMatchObject({ ok: false, problem: "HASH_MISMATCH", checked: 0 });
  });

  it("detects a chain re-hashed with the key through a checkpoint kept outside the database", async () => {
    await writeChain();
    const exported = await prisma.auditCheckpoint.findFirstOrThrow({ orderBy: { id: "desc" } });
    // The stored checkpoints catch a re-hash that leaves them alone…
    await rehashFrom(KEY);
    expect(await verify()).toMatchObject({ ok: false, problem: "CHECKPOINT_MISMATCH" });
    // …and someone with the key can forge those too; the exported copy still disagrees.
    await forgeStoredCheckpoints();
    expect(await verify()).toMatchObject({ ok: true });
    expect(
      await verifyStoredAuditChain(prisma, {
        auditKey: KEY,
        trustedCheckpoints: [{ ...exported, createdAt: exported.createdAt.toISOString() }],
      }),
    ).toMatchObject({ ok: false, problem: "CHECKPOINT_MISMATCH", brokenAtPosition: 5n });
  });
});

/** Edits the first row and re-writes every hash after it with `secret`. */
async function rehashFrom(secret: string) {
  const rows = await prisma.auditEvent.findMany({ orderBy: { position: "asc" } });
  const edited = rows
    .map(toAuditRowFields)
    .map((row, index) => (index === 0 ? { ...row, subjectId: "pa_rewritten" } : row));
  const sealed = sealAuditRows(auditKeyBytes(secret), null, edited);
  await tamper(
    ...sealed.map(
      (row) =>
        `UPDATE audit_events SET subject_id = '${row.subjectId}', prev_hash = ${row.prevHash === null ? "NULL" : `'${row.prevHash}'`}, hash = '${row.hash}' WHERE id = ${row.id}`,
    ),
  );
}

async function forgeStoredCheckpoints() {
  const head = await prisma.auditEvent.findFirstOrThrow({ orderBy: { position: "desc" } });
  const createdAt = new Date();
  const fields = {
    position: head.position ?? 0n,
    hash: head.hash ?? "",
    createdAt: createdAt.toISOString(),
  };
  const mac = computeCheckpointMac(auditKeyBytes(KEY), fields);
  await prisma.$transaction([
    prisma.$executeRawUnsafe(
      "ALTER TABLE audit_checkpoints DISABLE TRIGGER audit_checkpoints_append_only",
    ),
    prisma.$executeRawUnsafe("DELETE FROM audit_checkpoints"),
    prisma.auditCheckpoint.create({
      data: { position: fields.position, hash: fields.hash, mac, createdAt },
    }),
    prisma.$executeRawUnsafe(
      "ALTER TABLE audit_checkpoints ENABLE TRIGGER audit_checkpoints_append_only",
    ),
  ]);
}
