import { describe, expect, it } from "vitest";
import {
  auditKeyBytes,
  computeCheckpointMac,
  type SignedCheckpoint,
} from "@/lib/domain/audit-chain";
import { appendAuditEvents } from "@/lib/server/audit/append-audit-events";
import { sealPendingLogs } from "@/lib/server/audit/seal-pending-logs";
import { emptyTestDatabase } from "@/tests/support/test-database-hooks";
import { testUseCaseContext } from "@/tests/support/test-use-case-context";
import { exportAuditCsv } from "./export-audit-csv";
import { verifyAuditExport } from "./verify-audit-export";

const prisma = emptyTestDatabase();
const context = testUseCaseContext({ db: prisma });

const KEY = auditKeyBytes("audit-export-test-key-audit-export-test-key");
const THIEF_KEY = auditKeyBytes("not-the-servers-key-not-the-servers-key-00");

// Customer text with formulas, quotes, commas and line breaks: the export escapes them, and
// verification must read back the exact text.
const TEXTS = ['=HYPERLINK("x")', "fine, thanks", "-5 stars\nline two", '"quoted"', "+1", "@me"];

/** Six sealed events written as the app writes them, exported as the /audit page exports them. */
async function exportChain(): Promise<string> {
  for (const [index, text] of TEXTS.entries()) {
    await prisma.$transaction((tx) =>
      appendAuditEvents(tx, [
        {
          kind: "sweep.dead_lettered",
          subjectType: "pending_action",
          // An id a spreadsheet would run: the export puts an apostrophe before it.
          subjectId: index === 0 ? "=SUM(1)" : "conv_1",
          actor: index % 2 === 0 ? { type: "customer", customerId: "cus_sam" } : { type: "system" },
          occurredAt: new Date(Date.UTC(2026, 0, 1, 12, 0, index, 123)),
          payload: { sweep: "expiry", attempts: index, error: text },
          conversationId: index === 3 ? null : "conv_1",
        },
      ]),
    );
  }
  await sealPendingLogs(prisma, { auditKey: "audit-export-test-key-audit-export-test-key" });
  return new Response(exportAuditCsv({}, context)).text();
}

function checkpointAt(csv: string, position: bigint, key = KEY): SignedCheckpoint {
  const row = csv.split("\r\n").find((line) => line.startsWith(`${position},`)) as string;
  const hash = row.split(",").at(-2) as string;
  const fields = { position, hash, createdAt: "2026-01-01T13:00:00.000Z" };
  return { ...fields, mac: computeCheckpointMac(key, fields) };
}

/** The export's lines: the header, then one per event (a payload may span lines, not here). */
const lines = (csv: string) => csv.split(/\r\n(?=\d+,|$)/).filter(Boolean);
const withLines = (csv: string, edit: (rows: string[]) => string[]) => {
  const [header, ...rows] = lines(csv);
  return `${[header, ...edit(rows)].join("\r\n")}\r\n`;
};

describe("verifyAuditExport (offline, no database)", () => {
  it("verifies an unfiltered export and a checkpoint of its head, formulas and quotes included", async () => {
    const csv = await exportChain();
    expect(csv).toContain(",'=SUM(1),");
    const report = verifyAuditExport(csv, KEY, [checkpointAt(csv, 6n)]);
    expect(report).toMatchObject({ ok: true, checked: 6, from: 1n, head: { position: 6n } });
  });

  it.each([
    [
      "an edited payload",
      (rows: string[]) => rows.map((row) => row.replace("fine, thanks", "fine, thanks!")),
      "HASH_MISMATCH",
      2n,
    ],
    [
      "an edited time",
      (rows: string[]) => rows.map((row) => row.replace("12:00:02.123", "12:00:02.124")),
      "HASH_MISMATCH",
      3n,
    ],
    [
      "a removed middle event",
      (rows: string[]) => rows.filter((_, index) => index !== 2),
      "POSITION_GAP",
      4n,
    ],
    [
      "two events swapped",
      (rows: string[]) => [rows[0], rows[2], rows[1], ...rows.slice(3)] as string[],
      "POSITION_GAP",
      3n,
    ],
    [
      "an inserted copy",
      (rows: string[]) => [rows[0], rows[0], ...rows.slice(1)] as string[],
      "POSITION_GAP",
      1n,
    ],
  ])("fails on %s", async (_label, edit, problem, position) => {
    const csv = await exportChain();
    const report = verifyAuditExport(withLines(csv, edit), KEY, [checkpointAt(csv, 6n)]);
    expect(report).toMatchObject({ ok: false, problem, brokenAtPosition: position });
  });

  it("fails on a removed tail only with a checkpoint that names it", async () => {
    const csv = await exportChain();
    const truncated = withLines(csv, (rows) => rows.slice(0, 4));
    expect(verifyAuditExport(truncated, KEY).ok).toBe(true);
    expect(verifyAuditExport(truncated, KEY, [checkpointAt(csv, 6n)])).toMatchObject({
      ok: false,
      problem: "TAIL_MISSING",
      brokenAtPosition: 6n,
    });
  });

  it("fails with the wrong key, and on a checkpoint not written with the key", async () => {
    const csv = await exportChain();
    expect(verifyAuditExport(csv, THIEF_KEY)).toMatchObject({
      ok: false,
      problem: "HASH_MISMATCH",
      brokenAtPosition: 1n,
    });
    expect(verifyAuditExport(csv, KEY, [checkpointAt(csv, 6n, THIEF_KEY)])).toMatchObject({
      ok: false,
      problem: "CHECKPOINT_FORGED",
    });
  });

  it("verifies an export that starts later from its first row, and says which checkpoints it could not check", async () => {
    const csv = await exportChain();
    const later = withLines(csv, (rows) => rows.slice(2));
    const report = verifyAuditExport(later, KEY, [
      checkpointAt(csv, 1n),
      checkpointAt(csv, 2n),
      checkpointAt(csv, 6n),
    ]);
    expect(report).toMatchObject({ ok: true, checked: 4, from: 3n, checkpointsBeforeExport: 1 });
    // A checkpoint at the anchor is checked against the first row's prev_hash, which its MAC covers.
    const forgedAnchor = { ...checkpointAt(csv, 2n), hash: "0".repeat(64) };
    forgedAnchor.mac = computeCheckpointMac(KEY, forgedAnchor);
    expect(verifyAuditExport(later, KEY, [forgedAnchor])).toMatchObject({
      ok: false,
      problem: "CHECKPOINT_MISMATCH",
    });
  });

  it("refuses a file that is not an audit export", () => {
    expect(() => verifyAuditExport("name,email\r\nSam,sam@example.com\r\n", KEY)).toThrow(
      /not an audit export/,
    );
    expect(() => verifyAuditExport('position,"unterminated\r\n', KEY)).toThrow(/not valid CSV/);
  });
});
