import { describe, expect, it } from "vitest";
import { createOfflineAgent } from "@/lib/agent/model/offline-agent";
import { readAuditEvent } from "@/lib/domain/audit-events";
import { type AuditRecord, appendAuditEvents } from "@/lib/server/audit/append-audit-events";
import { resolveAuditKey } from "@/lib/server/audit/audit-key";
import { sealPendingLogs } from "@/lib/server/audit/seal-pending-logs";
import { verifyStoredAuditChain } from "@/lib/server/audit/verify-audit-chain";
import { decideApproval } from "@/lib/server/services/approvals/decide-approval";
import { updateSettings } from "@/lib/server/services/settings/update-settings";
import { actionsOf, beginStory } from "@/tests/support/story-harness";
import { seededTestDatabase } from "@/tests/support/test-database-hooks";
import { testUseCaseContext } from "@/tests/support/test-use-case-context";
import { exportAuditCsv } from "./export-audit-csv";
import { listAuditLog } from "./list-audit-log";
import { verifyAuditExport } from "./verify-audit-export";

/*
 * The audit registry on stored rows: what the app writes reads back valid, and a row it cannot
 * read (a kind it does not know, a payload that does not match) is named by every reader (the
 * page, the CSV, both verifiers) while its hash is verified over the stored bytes as usual.
 */

const prisma = seededTestDatabase();
const context = testUseCaseContext({ db: prisma });
const provider = createOfflineAgent();

const staffId = async (role: "approver" | "admin") =>
  (await prisma.staffUser.findFirstOrThrow({ where: { role } })).id;

/** Rows a newer build, or a bug, could leave: the types forbid them, so they go in cast. */
const UNREADABLE: AuditRecord[] = [
  {
    kind: "refund.clawed_back",
    subjectType: "refund",
    subjectId: "rf_unknown",
    actor: { type: "system" },
    occurredAt: new Date(Date.UTC(2026, 0, 1, 12)),
    payload: { amountCents: 100 },
  } as unknown as AuditRecord,
  {
    kind: "setting.changed",
    subjectType: "setting",
    subjectId: "approverLimitCents",
    actor: { type: "system" },
    occurredAt: new Date(Date.UTC(2026, 0, 1, 12, 1)),
    payload: { key: "approverLimitCents", oldValue: "ten dollars", newValue: 1000 },
  } as unknown as AuditRecord,
];

describe("audit event readings", () => {
  it("reads every event a refund's whole path writes as valid, on the page and in the chain check", async () => {
    const story = await beginStory(prisma, provider, "cracked-on-arrival");
    const [action] = await actionsOf(prisma, story.conversationId);
    const approver = await staffId("approver");
    const { result } = await decideApproval(
      { decision: "approve", actionId: action?.id ?? "", deciderId: approver },
      testUseCaseContext({ db: prisma, model: provider }),
    );
    expect(result).toMatchObject({ status: "executed" });
    const admin = await staffId("admin");
    await updateSettings(
      {
        change: { approverLimitCents: 9000 },
        actor: { type: "staff", userId: admin, roles: ["admin"] },
      },
      context,
    );
    await sealPendingLogs(prisma);

    const stored = await prisma.auditEvent.findMany({ orderBy: { position: "asc" } });
    expect(stored.map((row) => row.kind)).toEqual(
      expect.arrayContaining([
        "run.started",
        "run.completed",
        "pending_action.created",
        "pending_action.approved",
        "pending_action.executed",
        "refund.executed",
        "customer_message.sent",
        "setting.changed",
      ]),
    );
    expect(stored.filter((row) => readAuditEvent(row).status !== "valid")).toEqual([]);

    const page = await listAuditLog({}, context);
    expect(page.entries.every((entry) => entry.reading.status === "valid")).toBe(true);
    expect(page.chain).toMatchObject({ ok: true, unreadable: { count: 0, first: [] } });
  });

  it("names an unknown kind and a mismatched payload on the page, in the CSV and in both verifiers, and verifies their hashes all the same", async () => {
    await prisma.$transaction((tx) => appendAuditEvents(tx, UNREADABLE));
    await sealPendingLogs(prisma);
    const [unknown, mismatched] = await prisma.auditEvent.findMany({
      orderBy: { position: "asc" },
    });

    const page = await listAuditLog({}, context);
    expect(page.entries.map((entry) => [entry.kind, entry.reading])).toEqual([
      ["setting.changed", { status: "invalid", problem: expect.stringMatching(/^oldValue: /) }],
      ["refund.clawed_back", { status: "unknown_kind" }],
    ]);
    expect(page.chain).toMatchObject({
      ok: true,
      checked: 2,
      unreadable: {
        count: 2,
        first: [
          { position: "1", id: unknown?.id.toString(), kind: "refund.clawed_back" },
          { position: "2", id: mismatched?.id.toString(), kind: "setting.changed" },
        ],
      },
    });

    const csv = await new Response(exportAuditCsv({}, context)).text();
    const [header, first, second] = csv.trimEnd().split("\r\n");
    expect(header?.endsWith(",hash,payload_check")).toBe(true);
    expect(first?.endsWith(",unknown kind")).toBe(true);
    expect(second).toMatch(/,invalid: oldValue: [^,]*$/);

    const key = resolveAuditKey();
    expect(verifyAuditExport(csv, key)).toMatchObject({
      ok: true,
      checked: 2,
      unreadable: { count: 2 },
    });
    expect(await verifyStoredAuditChain(prisma)).toMatchObject({
      ok: true,
      checked: 2,
      unreadable: { count: 2 },
    });
    // The readings are beside the hash check, not instead of it: an edit still breaks the chain.
    const edited = csv.replace('""amountCents"":100', '""amountCents"":101');
    expect(edited).not.toBe(csv);
    expect(verifyAuditExport(edited, key)).toMatchObject({
      ok: false,
      problem: "HASH_MISMATCH",
      brokenAtPosition: 1n,
    });
  });
});
