import { NextRequest } from "next/server";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { CSV_COLUMNS } from "@/lib/domain/pushed-order-csv-columns";
import type { StaffSession } from "@/lib/server/auth/session";
import { TEST_CONNECTIONS_KEY } from "@/tests/support/test-connections-key";
import { emptyTestDatabase } from "@/tests/support/test-database-hooks";

process.env.LOG_LEVEL ??= "fatal";
process.env.CONNECTIONS_ENCRYPTION_KEY = TEST_CONNECTIONS_KEY;

const signedIn = vi.hoisted(() => ({ session: null as StaffSession | null }));

// The staff member signed in; everything after the session lookup is the real route pipeline.
vi.mock("@/lib/server/auth/session", async (importOriginal) => ({
  ...(await importOriginal<typeof import("@/lib/server/auth/session")>()),
  getStaffSessionForRequest: async () => signedIn.session,
}));

const importRoute = await import("./route");
const keyRoute = await import("../order-push-key/route");

const prisma = emptyTestDatabase();
const noParams = { params: Promise.resolve({}) };

let workspaceId = "";

beforeEach(async () => {
  const workspace = await prisma.workspace.create({
    data: { key: "shop-a", name: "Shop A", identitySecret: "identity-secret-identity-secret" },
  });
  workspaceId = workspace.id;
  await signInAs("admin");
});

async function signInAs(role: "admin" | "agent") {
  const staff = await prisma.staffUser.upsert({
    where: { email: `${role}@shop.test` },
    create: { email: `${role}@shop.test`, name: role, role, passwordHash: "x" },
    update: {},
  });
  signedIn.session = {
    user: { id: staff.id, email: staff.email, name: staff.name, role },
  } as StaffSession;
}

function post(path: string, body: unknown) {
  return new NextRequest(`http://localhost:3000${path}`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(body),
  });
}

async function importCsv(csv: string, fileName: string | null = "orders.csv") {
  const response = await importRoute.POST(
    post("/api/settings/orders-import", { workspaceId, fileName, csv }),
    noParams,
  );
  return { status: response.status, body: await response.json() };
}

const HEADER = CSV_COLUMNS.join(",");
const ROW_1 =
  "A-7001,maya@example.com,Maya Lin,USD,2026-11-02T14:30:00Z,2026-11-05T09:00:00Z,8.00,Visa •4242,pi_123,L1,KETTLE,Kettle,kitchen,2,48.00,false,false";
const ROW_2 =
  'A-7001,maya@example.com,Maya Lin,USD,2026-11-02T14:30:00Z,2026-11-05T09:00:00Z,8.00,Visa •4242,pi_123,L2,MUG,"Mug, blue ""large""",kitchen,1,12.50,no,yes';
const ROW_3 =
  "B-7002,sam@example.com,Sam Ortiz,EUR,2026-11-03T10:00:00+01:00,,0,Mastercard •1111,,L1,SOCKS,Wool socks,apparel,3,9.99,false,false";

describe("POST /api/settings/orders-import", () => {
  it("imports a valid file whole: BOM, CRLF, quoted commas; counts and one audit event", async () => {
    const csv = `\uFEFF${[HEADER, ROW_1, ROW_2, ROW_3].join("\r\n")}\r\n`;
    const first = await importCsv(csv);
    expect(first).toEqual({
      status: 200,
      body: { rows: 3, orders: 2, created: 2, updated: 0, unchanged: 0 },
    });
    const mug = await prisma.orderLine.findFirstOrThrow({ where: { externalId: "L2" } });
    expect(mug).toMatchObject({ name: 'Mug, blue "large"', unitPriceCents: 1250, opened: true });
    const sam = await prisma.order.findFirstOrThrow({ where: { number: "B-7002" } });
    expect(sam).toMatchObject({
      source: "csv_import",
      workspaceId,
      currency: "EUR",
      deliveredAt: null,
      placedAt: new Date("2026-11-03T09:00:00Z"),
      paymentReference: null,
    });

    const again = await importCsv(csv.replace("12.50", "13.00"));
    expect(again.body).toEqual({ rows: 3, orders: 2, created: 0, updated: 1, unchanged: 1 });
    const events = await prisma.auditEvent.findMany({
      where: { kind: "orders.imported" },
      orderBy: { id: "asc" },
    });
    expect(events.map((event) => event.payload)).toEqual([
      expect.objectContaining({
        workspaceId,
        fileName: "orders.csv",
        rows: 3,
        created: 2,
        updated: 0,
        orderNumbers: ["A-7001", "B-7002"],
      }),
      expect.objectContaining({ created: 0, updated: 1, unchanged: 1 }),
    ]);
  });

  async function expectRefused(csv: string, rowErrors: unknown[]) {
    const answer = await importCsv(csv);
    expect(answer.status).toBe(422);
    expect(answer.body.rowErrors).toEqual(rowErrors);
    expect(answer.body.rowErrorCount).toBe(rowErrors.length);
    expect(await prisma.order.count()).toBe(0);
    expect(await prisma.customer.count()).toBe(0);
    expect(await prisma.auditEvent.count({ where: { kind: "orders.imported" } })).toBe(0);
  }

  it("writes nothing when one row of many is wrong, and names every bad cell", async () => {
    await expectRefused(
      [HEADER, ROW_1, ROW_2.replace("12.50", "12.505"), ROW_3.replace(",3,9.99,", ",0,9.99,")].join(
        "\n",
      ),
      [
        {
          row: 3,
          column: "unit_price",
          message: expect.stringContaining("like 48.00 in USD (up to 2 decimals"),
        },
        { row: 4, column: "quantity", message: expect.stringContaining("must be at least 1") },
      ],
    );
  });

  it("refuses an order whose rows disagree on an order column", async () => {
    await expectRefused([HEADER, ROW_1, ROW_2.replace(",8.00,", ",9.00,")].join("\n"), [
      {
        row: 3,
        column: "shipping",
        message:
          'says "9.00" but row 2 of order "A-7001" says "8.00"; an order\'s columns must agree on all its rows',
      },
    ]);
  });

  it("counts rows as the file does: blank lines and quoted line breaks keep the numbers right", async () => {
    const multiLine = ROW_2.replace('"Mug, blue ""large"""', '"Mug,\nblue"');
    await expectRefused([HEADER, multiLine, "", ROW_3.replace("9.99", "9.999")].join("\n"), [
      {
        row: 2,
        column: "name",
        message: expect.stringContaining("must not contain control characters"),
      },
      { row: 5, column: "unit_price", message: expect.stringContaining("in EUR") },
    ]);
  });

  it.each([
    ["an empty file", "", "the file is empty"],
    ["a header alone", `${HEADER}\n`, "no order lines"],
    ["an unknown column", `${HEADER},colour\n${ROW_1},red`, '"colour" is not a column'],
    [
      "a missing column",
      `${HEADER.replace(",opened", "")}\n${ROW_1.replace(/,false$/, "")}`,
      "lacks the column opened",
    ],
    ["an unclosed quote", `${HEADER}\n${ROW_1.replace("Kettle", '"Kettle')}`, "is not valid CSV"],
  ])("refuses %s, nothing written", async (_name, csv, message) => {
    await expectRefused(csv, [
      { row: expect.any(Number), column: null, message: expect.stringContaining(message) },
    ]);
  });

  it("refuses a file over 5 MB or 10,000 rows, saying so", async () => {
    const big = await importCsv(`${HEADER}\n${"x".repeat(5 * 1024 * 1024)}`);
    expect(big.status).toBe(413);
    expect(big.body.detail).toContain("at most 5 MB");
    const many = await importCsv(
      [HEADER, ...Array.from({ length: 10_001 }, () => ROW_1)].join("\n"),
    );
    expect(many.status).toBe(422);
    expect(many.body.detail).toContain("10,001 order lines; at most 10,000");
    expect(await prisma.order.count()).toBe(0);
  });

  it("returns the first 200 problems with the count of all of them", async () => {
    const badRows = Array.from({ length: 250 }, (_, index) =>
      ROW_1.replace("A-7001", `C-${index}`).replace("48.00", "48.001"),
    );
    const answer = await importCsv([HEADER, ...badRows].join("\n"));
    expect(answer.status).toBe(422);
    expect(answer.body.detail).toBe(
      "250 rows have problems; nothing was imported. Fix them and import the whole file again.",
    );
    expect(answer.body.rowErrors).toHaveLength(200);
    expect(answer.body.rowErrors[199]).toMatchObject({ row: 201, column: "unit_price" });
    expect(answer.body.rowErrorCount).toBe(250);
    expect(await prisma.order.count()).toBe(0);
  });

  it("is for admins only", async () => {
    await signInAs("agent");
    const answer = await importCsv([HEADER, ROW_1].join("\n"));
    expect(answer.status).toBe(403);
    expect(await prisma.order.count()).toBe(0);
  });
});

describe("POST /api/settings/order-push-key", () => {
  it("shows the key once, keeps it sealed, and a rotation replaces it (audited)", async () => {
    const created = await keyRoute.POST(
      post("/api/settings/order-push-key", { workspaceId }),
      noParams,
    );
    expect(created.status).toBe(200);
    const first = await created.json();
    expect(first).toMatchObject({ rotated: false, secret: expect.stringMatching(/^cs_orders_/) });
    expect(first.key.secretMasked).toBe(`••••${first.secret.slice(-4)}`);
    const row = await prisma.orderPushKey.findFirstOrThrow();
    expect(row.secretCiphertext).not.toContain(first.secret);

    const rotated = await (
      await keyRoute.POST(post("/api/settings/order-push-key", { workspaceId }), noParams)
    ).json();
    expect(rotated.rotated).toBe(true);
    expect(rotated.secret).not.toBe(first.secret);
    const events = await prisma.auditEvent.findMany({
      where: { kind: "order_push_key.created" },
      orderBy: { id: "asc" },
    });
    expect(events.map((event) => event.payload)).toEqual([
      { workspaceId, secretLast4: first.secret.slice(-4), replacedLast4: null },
      { workspaceId, secretLast4: rotated.secret.slice(-4), replacedLast4: first.secret.slice(-4) },
    ]);
    expect(JSON.stringify(events.map((event) => event.payload))).not.toContain(first.secret);
  });

  it("refuses an agent", async () => {
    await signInAs("agent");
    const refused = await keyRoute.POST(
      post("/api/settings/order-push-key", { workspaceId }),
      noParams,
    );
    expect(refused.status).toBe(403);
    expect(await prisma.orderPushKey.count()).toBe(0);
  });
});
