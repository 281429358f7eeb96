import { describe, expect, it } from "vitest";
import { signWebhookBody } from "@/lib/server/http/signed-webhook";
import { createOrderPushKey } from "@/lib/server/services/store-orders/create-order-push-key";
import { TEST_CONNECTIONS_KEY } from "@/tests/support/test-connections-key";
import { emptyTestDatabase } from "@/tests/support/test-database-hooks";
import { testUseCaseContext } from "@/tests/support/test-use-case-context";

process.env.LOG_LEVEL ??= "fatal";
process.env.CONNECTIONS_ENCRYPTION_KEY = TEST_CONNECTIONS_KEY;

const { parseEncryptionKey } = await import("@/lib/server/crypto/encryption-key");
const route = await import("./[number]/route");

const prisma = emptyTestDatabase();
const encryptionKey = parseEncryptionKey(TEST_CONNECTIONS_KEY);

type Shop = { id: string; key: string; secret: string };

async function shop(key: string): Promise<Shop> {
  const workspace = await prisma.workspace.create({
    data: { key, name: `Shop ${key}`, identitySecret: "identity-secret-identity-secret" },
  });
  const admin = await prisma.staffUser.upsert({
    where: { email: "admin@shop.test" },
    create: { email: "admin@shop.test", name: "Admin", role: "admin", passwordHash: "x" },
    update: {},
  });
  const created = await createOrderPushKey(
    { workspaceId: workspace.id, staffId: admin.id, encryptionKey },
    testUseCaseContext({ db: prisma }),
  );
  return { id: workspace.id, key, secret: created.secret };
}

function orderDocument(overrides: Record<string, unknown> = {}) {
  return {
    number: "W-1001",
    customer: { email: "maya@example.com", name: "Maya Lin" },
    currency: "USD",
    placedAt: "2026-11-02T14:30:00Z",
    deliveredAt: "2026-11-05T09:00:00Z",
    shippingCents: 800,
    paymentMethodLabel: "Visa •4242",
    lines: [
      {
        id: "L1",
        sku: "KETTLE",
        name: "Kettle",
        category: "kitchen",
        quantity: 2,
        unitPriceCents: 4800,
        finalSale: false,
        opened: false,
      },
    ],
    ...overrides,
  };
}

type SignOptions = {
  secret?: string;
  workspaceKey?: string;
  timestamp?: number;
  /** What is sent, when it differs from what was signed. */
  sentBody?: string;
};

function signedRequest(shopOf: Shop, number: string, body: string, options: SignOptions = {}) {
  const timestamp = options.timestamp ?? Math.floor(Date.now() / 1000);
  const signature = signWebhookBody(options.secret ?? shopOf.secret, timestamp, Buffer.from(body));
  return () =>
    new Request(`http://localhost:3000/api/orders/${encodeURIComponent(number)}`, {
      method: "PUT",
      headers: {
        "content-type": "application/json",
        "x-countersign-workspace": options.workspaceKey ?? shopOf.key,
        "x-countersign-timestamp": String(timestamp),
        "x-countersign-signature": signature,
      },
      body: options.sentBody ?? body,
    });
}

async function send(request: () => Request, number: string) {
  const response = await route.PUT(request(), { params: Promise.resolve({ number }) });
  return { status: response.status, body: await response.json() };
}

async function push(shopOf: Shop, document: Record<string, unknown>, options: SignOptions = {}) {
  const number = String(document.number);
  return send(signedRequest(shopOf, number, JSON.stringify(document), options), number);
}

describe("PUT /api/orders/{number}", () => {
  it("creates the order (201), repeats unchanged (200), updates on a new version, audits each change", async () => {
    const a = await shop("shop-a");
    const created = await push(a, orderDocument());
    expect(created).toEqual({
      status: 201,
      body: { number: "W-1001", version: expect.stringMatching(/^sha256:/), changed: true },
    });
    const order = await prisma.order.findFirstOrThrow({ include: { lines: true, customer: true } });
    expect(order).toMatchObject({
      workspaceId: a.id,
      source: "orders_api",
      externalId: "W-1001",
      storeVersion: created.body.version,
      shippingCents: 800,
      customer: { email: "maya@example.com", workspaceId: a.id },
      lines: [{ externalId: "L1", quantity: 2, unitPriceCents: 4800 }],
    });

    const repeat = await push(a, orderDocument());
    expect(repeat).toEqual({ status: 200, body: { ...created.body, changed: false } });

    const updated = await push(a, orderDocument({ shippingCents: 900 }));
    expect(updated.status).toBe(200);
    expect(updated.body.changed).toBe(true);
    expect(updated.body.version).not.toBe(created.body.version);

    const events = await prisma.auditEvent.findMany({
      where: { kind: "order.pushed" },
      orderBy: { id: "asc" },
    });
    expect(events.map((event) => (event.payload as { created: boolean }).created)).toEqual([
      true,
      false,
    ]);
    expect(await prisma.order.count()).toBe(1);
    expect((await prisma.orderPushKey.findFirstOrThrow()).lastUsedAt).not.toBeNull();
  });

  it("answers a replayed signed request from its receipt: an old capture cannot put back an old version", async () => {
    const a = await shop("shop-a");
    const firstBody = JSON.stringify(orderDocument());
    const first = signedRequest(a, "W-1001", firstBody);
    expect((await send(first, "W-1001")).status).toBe(201);
    const newer = await push(a, orderDocument({ shippingCents: 0 }));

    const replayed = await send(first, "W-1001");
    expect(replayed.status).toBe(200);
    expect(replayed.body.changed).toBe(false);
    const kept = await prisma.order.findFirstOrThrow();
    expect(kept.storeVersion).toBe(newer.body.version);
    expect(kept.shippingCents).toBe(0);
  });

  it("refuses bad signatures with 401 problem+json and writes nothing", async () => {
    const a = await shop("shop-a");
    const b = await shop("shop-b");
    const document = orderDocument();
    const body = JSON.stringify(document);
    const cases: [string, () => Request, string][] = [
      [
        "a wrong key",
        signedRequest(a, "W-1001", body, { secret: "cs_orders_not-the-key" }),
        "does not match",
      ],
      [
        "another workspace's key",
        signedRequest(a, "W-1001", body, { secret: b.secret }),
        "does not match",
      ],
      [
        "a stale timestamp",
        signedRequest(a, "W-1001", body, { timestamp: Math.floor(Date.now() / 1000) - 301 }),
        "at most 300 s",
      ],
      [
        "an altered body",
        signedRequest(a, "W-1001", body, { sentBody: body.replace("4800", "9800") }),
        "does not match",
      ],
      [
        "an unknown workspace",
        signedRequest(a, "W-1001", body, { workspaceKey: "nobody" }),
        "No workspace",
      ],
    ];
    for (const [name, request, detail] of cases) {
      const response = await route.PUT(request(), {
        params: Promise.resolve({ number: "W-1001" }),
      });
      expect(response.status, name).toBe(401);
      expect(response.headers.get("content-type")).toBe("application/problem+json");
      expect((await response.json()).detail, name).toContain(detail);
    }
    expect(await prisma.order.count()).toBe(0);
  });

  it("refuses the old key once the workspace rotated it", async () => {
    const a = await shop("shop-a");
    const admin = await prisma.staffUser.findFirstOrThrow();
    const rotated = await createOrderPushKey(
      { workspaceId: a.id, staffId: admin.id, encryptionKey },
      testUseCaseContext({ db: prisma }),
    );
    const old = await push(a, orderDocument());
    expect(old.status).toBe(401);
    expect(await prisma.order.count()).toBe(0);
    expect((await push({ ...a, secret: rotated.secret }, orderDocument())).status).toBe(201);
  });

  const line = orderDocument().lines[0] as Record<string, unknown>;
  const withLine = (change: Record<string, unknown>) =>
    orderDocument({ lines: [{ ...line, ...change }] });

  it.each([
    ["negative cents", withLine({ unitPriceCents: -100 }), "body.lines.0.unitPriceCents"],
    ["fractional cents", withLine({ unitPriceCents: 48.5 }), "body.lines.0.unitPriceCents"],
    ["2^53 cents", orderDocument({ shippingCents: 2 ** 53 }), "body.shippingCents"],
    ["quantity 0", withLine({ quantity: 0 }), "body.lines.0.quantity"],
    ["a huge quantity", withLine({ quantity: 1_000_000 }), "body.lines.0.quantity"],
    ["an unknown currency", orderDocument({ currency: "XXY" }), "body.currency"],
    ["an overlong name", withLine({ name: "n".repeat(5000) }), "body.lines.0.name"],
    [
      "duplicate line ids",
      orderDocument({ lines: [line, { ...line, sku: "OTHER" }] }),
      "body.lines.1.id",
    ],
    [
      "a refund over the line's quantity",
      orderDocument({
        refunds: [
          {
            id: "R1",
            createdAt: "2026-11-06T00:00:00Z",
            lines: [{ lineId: "L1", quantity: 3 }],
            shippingCents: 0,
          },
        ],
      }),
      "body.refunds.0.lines.0.quantity",
    ],
  ])("refuses %s with 422 naming the field, and writes nothing", async (_name, document, path) => {
    const a = await shop("shop-a");
    const answer = await push(a, document);
    expect(answer.status).toBe(422);
    expect(answer.body.errors.map((error: { path: string }) => error.path)).toContain(path);
    expect(await prisma.order.count()).toBe(0);
    expect(await prisma.customer.count()).toBe(0);
  });

  it("refuses a body whose number is not the one in the path", async () => {
    const a = await shop("shop-a");
    const body = JSON.stringify(orderDocument());
    const answer = await send(signedRequest(a, "W-9999", body), "W-9999");
    expect(answer.status).toBe(422);
    expect(answer.body.errors).toEqual([
      {
        path: "body.number",
        message: 'must be the order number in the URL ("W-9999"); the body says "W-1001"',
      },
    ]);
    expect(await prisma.order.count()).toBe(0);
  });

  it("stores HTML in names as the text it is", async () => {
    const a = await shop("shop-a");
    const name = '<img src=x onerror="alert(1)"><script>alert(2)</script>';
    expect((await push(a, withLine({ name }))).status).toBe(201);
    expect((await prisma.orderLine.findFirstOrThrow()).name).toBe(name);
  });

  it("refuses a body over the size limit with 413", async () => {
    const a = await shop("shop-a");
    const answer = await push(a, orderDocument({ padding: "x".repeat(300 * 1024) }));
    expect(answer.status).toBe(413);
  });

  it("keeps one order when identical pushes arrive at once", async () => {
    const a = await shop("shop-a");
    const body = JSON.stringify(orderDocument());
    const sameRequest = signedRequest(a, "W-1001", body);
    const answers = await Promise.all([
      send(sameRequest, "W-1001"),
      send(sameRequest, "W-1001"),
      push(a, orderDocument()),
      push(a, orderDocument()),
    ]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 200, 200, 201]);
    expect(new Set(answers.map((answer) => answer.body.version)).size).toBe(1);
    expect(await prisma.order.count()).toBe(1);
    expect(await prisma.orderLine.count()).toBe(1);
    expect(await prisma.auditEvent.count({ where: { kind: "order.pushed" } })).toBe(1);
  });

  it("refuses a number the workspace already keeps from a CSV import (409)", async () => {
    const a = await shop("shop-a");
    const customer = await prisma.customer.create({
      data: { email: "maya@example.com", name: "Maya", workspaceId: a.id },
    });
    await prisma.order.create({
      data: {
        number: "W-1001",
        customerId: customer.id,
        workspaceId: a.id,
        source: "csv_import",
        externalId: "W-1001",
        placedAt: new Date("2026-11-02T00:00:00Z"),
        shippingCents: 0,
        paymentMethodLabel: "Visa",
      },
    });
    const answer = await push(a, orderDocument());
    expect(answer.status).toBe(409);
    expect(answer.body.errors[0]).toEqual({
      path: "body.number",
      message: expect.stringContaining("already kept in this workspace from a CSV import"),
    });
    expect(await prisma.order.count()).toBe(1);
  });
});
