import { describe, expect, it } from "vitest";
import type { AppError } from "@/lib/errors/app-error";
import type { PendingActionStatus } from "@/lib/generated/prisma/client";
import { parseEncryptionKey } from "@/lib/server/crypto/encryption-key";
import { openConnectionSecrets } from "@/lib/server/crypto/payment-connection-secrets";
import { createConnectedPaymentProviders } from "@/lib/server/process/payment-providers";
import { checkableProvider } from "@/tests/support/checkable-payment-provider";
import { createAction, createConversation, createCustomerOrder } from "@/tests/support/row-builder";
import { TEST_CONNECTIONS_KEY } from "@/tests/support/test-connections-key";
import { seededTestDatabase } from "@/tests/support/test-database-hooks";
import { fixedClock, testUseCaseContext } from "@/tests/support/test-use-case-context";
import { listPaymentConnections } from "./list-payment-connections";
import { removePaymentConnection } from "./remove-payment-connection";
import { savePaymentConnection } from "./save-payment-connection";
import { testPaymentConnection } from "./test-payment-connection";

const prisma = seededTestDatabase();
const encryptionKey = parseEncryptionKey(TEST_CONNECTIONS_KEY);
const publicBaseUrl = "https://desk.example.com";
const at = new Date("2026-12-07T10:00:00.000Z");
const context = testUseCaseContext({ db: prisma, now: fixedClock(at) });

const SECRET_KEY = "sk_test_51HdemoSecretKeyNotRealAbCdEf9876";
const WEBHOOK_SECRET = "whsec_demoSigningSecretNotReal0000wxyz";

async function staffId(role: "admin" | "agent" | "approver") {
  return (await prisma.staffUser.findFirstOrThrow({ where: { role, active: true } })).id;
}

async function workspaceId() {
  return (await prisma.workspace.findFirstOrThrow()).id;
}

async function save(
  overrides: { secretKey?: string; webhookSecret?: string; staff?: string } = {},
) {
  return savePaymentConnection(
    {
      workspaceId: await workspaceId(),
      provider: "stripe",
      secretKey: overrides.secretKey ?? SECRET_KEY,
      webhookSecret: overrides.webhookSecret ?? WEBHOOK_SECRET,
      staffId: overrides.staff ?? (await staffId("admin")),
      publicBaseUrl,
      encryptionKey,
    },
    context,
  );
}

// Every text column and the JSON of every audit row, as Postgres stores them.
async function storedText(): Promise<string> {
  const [connections, audits] = await Promise.all([
    prisma.$queryRaw<unknown[]>`SELECT row_to_json(c)::text AS row FROM payment_connections c`,
    prisma.$queryRaw<unknown[]>`SELECT row_to_json(a)::text AS row FROM audit_events a`,
  ]);
  return JSON.stringify([connections, audits]);
}

describe("savePaymentConnection", () => {
  it("stores the keys sealed: no plaintext in the row or the audit log, and they open again", async () => {
    const saved = await save();
    expect(saved.replaced).toBe(false);
    expect(saved.connection).toMatchObject({
      provider: "stripe",
      mode: "test",
      secretKeyMasked: "••••9876",
      webhookSecretMasked: "••••wxyz",
      health: "untested",
      webhookUrl: `${publicBaseUrl}/api/payments/webhooks/${saved.connection.id}`,
    });
    const text = await storedText();
    for (const secret of [SECRET_KEY, WEBHOOK_SECRET]) {
      expect(text).not.toContain(secret);
      expect(text).not.toContain(secret.slice(8, 24));
      expect(text).not.toContain(Buffer.from(secret).toString("base64"));
    }
    const row = await prisma.paymentConnection.findUniqueOrThrow({
      where: { id: saved.connection.id },
    });
    expect(openConnectionSecrets(encryptionKey, row)).toEqual({
      secretKey: SECRET_KEY,
      webhookSecret: WEBHOOK_SECRET,
    });
    const audit = await prisma.auditEvent.findFirstOrThrow({
      where: { kind: "payment_connection.saved" },
    });
    expect(audit.payload).toEqual({
      workspaceId: await workspaceId(),
      provider: "stripe",
      mode: "test",
      secretKeyLast4: "9876",
      webhookSecretLast4: "wxyz",
      replaced: false,
    });
  });

  it("keeps one row per workspace and provider: a second save replaces the keys and resets health", async () => {
    const first = await save();
    await prisma.paymentConnection.update({
      where: { id: first.connection.id },
      data: { health: "healthy", healthDetail: "Connected", checkedAt: at },
    });
    const second = await save({ secretKey: "rk_live_51HrestrictedLiveKey00001111" });
    expect(second).toMatchObject({
      replaced: true,
      connection: { id: first.connection.id, mode: "live", health: "untested", checkedAt: null },
    });
    expect(await prisma.paymentConnection.count()).toBe(1);
    const payloads = await prisma.auditEvent.findMany({
      where: { kind: "payment_connection.saved" },
      orderBy: { id: "asc" },
    });
    expect(payloads.map((event) => (event.payload as { replaced: boolean }).replaced)).toEqual([
      false,
      true,
    ]);
  });

  it("refuses an agent and an approver, and writes nothing", async () => {
    for (const role of ["agent", "approver"] as const) {
      await expect(save({ staff: await staffId(role) })).rejects.toMatchObject({
        code: "FORBIDDEN",
      });
    }
    expect(await prisma.paymentConnection.count()).toBe(0);
    expect(await prisma.auditEvent.count({ where: { kind: "payment_connection.saved" } })).toBe(0);
  });

  it.each([
    ["a publishable key", { secretKey: "pk_test_51Hpublishable00001111" }, "publishable key"],
    ["a webhook secret as the key", { secretKey: WEBHOOK_SECRET }, "sk_live_"],
    ["a key as the webhook secret", { webhookSecret: SECRET_KEY }, "whsec_"],
  ])(
    "refuses %s with a message that names the right key and not the pasted one",
    async (_, keys, hint) => {
      const refusal = await save(keys).then(
        () => null,
        (error: Error) => error,
      );
      expect(refusal).not.toBeNull();
      const text = JSON.stringify(refusal, Object.getOwnPropertyNames(refusal)) + String(refusal);
      expect(text).toContain(hint);
      for (const pasted of Object.values(keys)) expect(text).not.toContain(pasted);
      expect(await prisma.paymentConnection.count()).toBe(0);
    },
  );
});

describe("testPaymentConnection", () => {
  function providersAnswering(check: Parameters<typeof checkableProvider>[1]) {
    return createConnectedPaymentProviders({
      db: prisma,
      encryptionKey,
      ledger: checkableProvider("ledger", () => ({ ok: true, mode: "test", accountLabel: null })),
      makeProvider: () => checkableProvider("stripe", check),
    });
  }

  it("moves health to failing with the provider's reason, then to healthy, auditing each", async () => {
    const { connection } = await save();
    const admin = await staffId("admin");
    const input = { connectionId: connection.id, staffId: admin, publicBaseUrl };
    const failing = await testPaymentConnection(input, {
      ...context,
      payments: providersAnswering(() => ({
        ok: false,
        detail: `Invalid API Key provided: ${SECRET_KEY}`,
      })),
    });
    expect(failing).toMatchObject({
      health: "failing",
      healthDetail: "Invalid API Key provided: sk_test_…9876",
      checkedAt: at,
    });
    const healthy = await testPaymentConnection(input, {
      ...context,
      payments: providersAnswering(() => ({ ok: true, mode: "test", accountLabel: "Maya's Shop" })),
    });
    expect(healthy).toMatchObject({
      health: "healthy",
      healthDetail: "Connected to Maya's Shop in test mode.",
    });
    const tested = await prisma.auditEvent.findMany({
      where: { kind: "payment_connection.tested" },
      orderBy: { id: "asc" },
    });
    expect(tested.map((event) => event.payload)).toEqual([
      {
        workspaceId: connection.workspaceId,
        provider: "stripe",
        health: "failing",
        detail: "Invalid API Key provided: sk_test_…9876",
      },
      {
        workspaceId: connection.workspaceId,
        provider: "stripe",
        health: "healthy",
        detail: "Connected to Maya's Shop in test mode.",
      },
    ]);
    expect(await storedText()).not.toContain(SECRET_KEY);
  });

  it("records an adapter that cannot be made, or throws, as failing with its reason", async () => {
    const { connection } = await save();
    const result = await testPaymentConnection(
      { connectionId: connection.id, staffId: await staffId("admin"), publicBaseUrl },
      {
        ...context,
        payments: createConnectedPaymentProviders({
          db: prisma,
          encryptionKey,
          ledger: checkableProvider("ledger", () => ({ ok: false, detail: "unused" })),
          makeProvider: () => {
            throw new Error('This build has no payment provider adapter named "stripe"');
          },
        }),
      },
    );
    expect(result).toMatchObject({
      health: "failing",
      healthDetail: 'This build has no payment provider adapter named "stripe"',
    });
  });

  it("refuses an agent, and an unknown connection", async () => {
    const { connection } = await save();
    const payments = providersAnswering(() => ({ ok: true, mode: "test", accountLabel: null }));
    await expect(
      testPaymentConnection(
        { connectionId: connection.id, staffId: await staffId("agent"), publicBaseUrl },
        { ...context, payments },
      ),
    ).rejects.toMatchObject({ code: "FORBIDDEN" });
    await expect(
      testPaymentConnection(
        { connectionId: "no-such-connection", staffId: await staffId("admin"), publicBaseUrl },
        { ...context, payments },
      ),
    ).rejects.toMatchObject({ code: "NOT_FOUND" });
    expect(await prisma.auditEvent.count({ where: { kind: "payment_connection.tested" } })).toBe(0);
  });
});

describe("removePaymentConnection", () => {
  // An action whose payment went through the connection, in the given state.
  async function actionThrough(connectionId: string, status: PendingActionStatus) {
    const { customerId, orderId } = await createCustomerOrder(prisma);
    const conversation = await createConversation(prisma, { customerId, orderId, createdAt: at });
    const action = await createAction(prisma, {
      conversationId: conversation.id,
      customerId,
      orderId,
      status,
      createdAt: at,
    });
    await prisma.pendingAction.update({
      where: { id: action.id },
      data: { paymentProvider: "stripe", paymentConnectionId: connectionId },
    });
    return action;
  }

  it("refuses while a refund through it is unfinished, then removes it and audits", async () => {
    const { connection } = await save();
    const admin = await staffId("admin");
    const action = await actionThrough(connection.id, "executed");
    const refund = await prisma.refund.create({
      data: {
        pendingActionId: action.id,
        idempotencyKey: action.idempotencyKey,
        providerRefundId: "re_test_1",
        customerId: action.customerId,
        orderId: action.orderId,
        amountCents: 1000,
        currency: "USD",
        target: "Visa •4242",
        status: "pending",
        provider: "stripe",
        connectionId: connection.id,
      },
    });
    await expect(
      removePaymentConnection({ connectionId: connection.id, staffId: admin }, context),
    ).rejects.toSatisfy(
      (error: AppError) =>
        error.code === "CONFLICT" &&
        error.message.includes("1 refund the provider has not finished"),
    );
    expect(await prisma.paymentConnection.count()).toBe(1);

    await prisma.refund.update({ where: { id: refund.id }, data: { status: "succeeded" } });
    await prisma.paymentWebhookEvent.create({
      data: {
        connectionId: connection.id,
        eventId: "evt_1",
        eventType: "refund.updated",
        occurredAt: at,
        outcome: "applied",
      },
    });
    await removePaymentConnection({ connectionId: connection.id, staffId: admin }, context);
    expect(await prisma.paymentConnection.count()).toBe(0);
    const removed = await prisma.auditEvent.findFirstOrThrow({
      where: { kind: "payment_connection.removed" },
    });
    expect(removed).toMatchObject({
      subjectId: connection.id,
      actorId: admin,
      payload: { workspaceId: connection.workspaceId, provider: "stripe" },
    });
  });

  it.each(["executing", "needs_reconciliation"] as const)(
    "refuses while an action's payment through it is %s",
    async (status) => {
      const { connection } = await save();
      await actionThrough(connection.id, status);
      await expect(
        removePaymentConnection(
          { connectionId: connection.id, staffId: await staffId("admin") },
          context,
        ),
      ).rejects.toSatisfy(
        (error: AppError) =>
          error.code === "CONFLICT" &&
          error.message.includes("1 refund being paid or waiting for reconciliation"),
      );
      expect(await prisma.paymentConnection.count()).toBe(1);
      expect(await prisma.auditEvent.count({ where: { kind: "payment_connection.removed" } })).toBe(
        0,
      );
    },
  );

  it("refuses an approver", async () => {
    const { connection } = await save();
    await expect(
      removePaymentConnection(
        { connectionId: connection.id, staffId: await staffId("approver") },
        context,
      ),
    ).rejects.toMatchObject({ code: "FORBIDDEN" });
    expect(await prisma.paymentConnection.count()).toBe(1);
  });
});

describe("listPaymentConnections", () => {
  it("lists every workspace with its connections masked", async () => {
    const { connection } = await save();
    const listed = await listPaymentConnections({ publicBaseUrl }, context);
    expect(listed.workspaces).toEqual([
      {
        workspaceId: connection.workspaceId,
        workspaceName: expect.any(String),
        connections: [expect.objectContaining({ id: connection.id, secretKeyMasked: "••••9876" })],
      },
    ]);
    expect(JSON.stringify(listed)).not.toContain(SECRET_KEY.slice(0, 20));
  });
});
