import { NextRequest } from "next/server";
import { afterAll, beforeEach, describe, expect, it, vi } from "vitest";
import type { StaffSession } from "@/lib/server/auth/session";
import { startFakeStripe } from "@/tests/support/fake-stripe/fake-stripe-server";
import { TEST_CONNECTIONS_KEY } from "@/tests/support/test-connections-key";
import { seededTestDatabase } from "@/tests/support/test-database-hooks";

process.env.LOG_LEVEL ??= "fatal";
process.env.CONNECTIONS_ENCRYPTION_KEY = TEST_CONNECTIONS_KEY;

// The app's Stripe is a fake that knows another key: a test of these keys reaches Stripe and fails.
const stripe = await startFakeStripe({
  secretKey: "sk_live_51HsomeoneElsesKey000000000",
  webhookSecret: "whsec_someoneElses0000000000000",
});
process.env.STRIPE_API_URL = stripe.apiUrl;
afterAll(() => stripe.close());

const signedIn = vi.hoisted(() => ({ session: null as StaffSession | null }));

// The staff member signed in; everything after the session lookup is the real route pipeline,
// the real use cases and the app's own context (its payment providers, Stripe at the fake).
vi.mock("@/lib/server/auth/session", async (importOriginal) => ({
  ...(await importOriginal<typeof import("@/lib/server/auth/session")>()),
  getStaffSessionForRequest: async () => signedIn.session,
}));

const connections = await import("./route");
const connection = await import("./[connectionId]/route");
const connectionTest = await import("./[connectionId]/test/route");

const prisma = seededTestDatabase();

const SECRET_KEY = "sk_live_51HrouteTestSecretKey00004242";
const WEBHOOK_SECRET = "whsec_routeTestSigningSecret0000abcd";

async function signInAs(role: "admin" | "agent" | "approver") {
  const staff = await prisma.staffUser.findFirstOrThrow({ where: { role, active: true } });
  signedIn.session = {
    user: { id: staff.id, email: staff.email, name: staff.name, role },
  } as StaffSession;
}

function request(method: string, path: string, body?: unknown): NextRequest {
  return new NextRequest(`http://localhost:3000${path}`, {
    method,
    headers: body === undefined ? {} : { "content-type": "application/json" },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
}

const noParams = { params: Promise.resolve({}) };
const paramsOf = (connectionId: string) => ({ params: Promise.resolve({ connectionId }) });

async function putKeys(keys: { secretKey?: string; webhookSecret?: string } = {}) {
  const workspace = await prisma.workspace.findFirstOrThrow();
  return connections.PUT(
    request("PUT", "/api/settings/connections", {
      workspaceId: workspace.id,
      provider: "stripe",
      secretKey: keys.secretKey ?? SECRET_KEY,
      webhookSecret: keys.webhookSecret ?? WEBHOOK_SECRET,
    }),
    noParams,
  );
}

beforeEach(() => {
  signedIn.session = null;
});

describe("/api/settings/connections", () => {
  it("lets an admin save keys, answers them masked with the webhook URL, and lists them for an agent", async () => {
    await signInAs("admin");
    const saved = await putKeys();
    expect(saved.status).toBe(200);
    const body = await saved.json();
    expect(body).toMatchObject({
      replaced: false,
      connection: {
        mode: "live",
        secretKeyMasked: "••••4242",
        webhookSecretMasked: "••••abcd",
        health: "untested",
      },
    });
    expect(body.connection.webhookUrl).toMatch(/\/api\/payments\/webhooks\/[^/]+$/);

    await signInAs("agent");
    const listed = await connections.GET(request("GET", "/api/settings/connections"), noParams);
    expect(listed.status).toBe(200);
    const text = await listed.text();
    expect(text).toContain("••••4242");
    expect(text).not.toContain(SECRET_KEY);
    expect(text).not.toContain(WEBHOOK_SECRET);
  });

  it("refuses an agent's save with 403 and stores nothing", async () => {
    await signInAs("agent");
    const refused = await putKeys();
    expect(refused.status).toBe(403);
    expect(refused.headers.get("content-type")).toBe("application/problem+json");
    expect(await prisma.paymentConnection.count()).toBe(0);
  });

  it("answers a wrong key with 422 and a message that says what to paste, never what was pasted", async () => {
    await signInAs("admin");
    const refused = await putKeys({ secretKey: "pk_live_51Hpublishable000011112222" });
    expect(refused.status).toBe(422);
    const text = await refused.text();
    expect(text).toContain("publishable key (pk_…) cannot make refunds");
    expect(text).not.toContain("pk_live_51Hpublishable");
  });

  it("tests a connection Stripe does not accept: failing, with what to do, quoting no key", async () => {
    await signInAs("admin");
    const { connection: saved } = await (await putKeys()).json();
    const tested = await connectionTest.POST(
      request("POST", `/api/settings/connections/${saved.id}/test`),
      paramsOf(saved.id),
    );
    expect(tested.status).toBe(200);
    const body = await tested.json();
    expect(body).toMatchObject({
      health: "failing",
      healthDetail: expect.stringContaining("Stripe did not accept the secret key"),
    });
    expect(JSON.stringify(body)).not.toContain(SECRET_KEY.slice(0, 16));
  });

  it("removes a connection for an admin, 404 after that; an agent cannot", async () => {
    await signInAs("admin");
    const { connection: saved } = await (await putKeys()).json();
    await signInAs("agent");
    const refused = await connection.DELETE(
      request("DELETE", `/api/settings/connections/${saved.id}`),
      paramsOf(saved.id),
    );
    expect(refused.status).toBe(403);
    await signInAs("admin");
    const removed = await connection.DELETE(
      request("DELETE", `/api/settings/connections/${saved.id}`),
      paramsOf(saved.id),
    );
    expect(removed.status).toBe(204);
    const again = await connection.DELETE(
      request("DELETE", `/api/settings/connections/${saved.id}`),
      paramsOf(saved.id),
    );
    expect(again.status).toBe(404);
  });
});
