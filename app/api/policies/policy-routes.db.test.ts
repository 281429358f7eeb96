import { NextRequest } from "next/server";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { POLICY_V1 } from "@/lib/domain/policy-v1";
import type { StaffSession } from "@/lib/server/auth/session";
import { seededTestDatabase } from "@/tests/support/test-database-hooks";

process.env.LOG_LEVEL ??= "fatal";

const signedIn = vi.hoisted(() => ({ session: null as StaffSession | null }));

// The staff member signed in; everything after the session lookup is the real route pipeline.
vi.mock("@/lib/server/auth/session", async (importOriginal) => ({
  ...(await importOriginal<typeof import("@/lib/server/auth/session")>()),
  getStaffSessionForRequest: async () => signedIn.session,
}));

const editor = await import("./route");
const draft = await import("./draft/route");
const publish = await import("./publish/route");
const rollBack = await import("./roll-back/route");

const prisma = seededTestDatabase();
const noParams = { params: Promise.resolve({}) };

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

beforeEach(() => {
  signedIn.session = null;
});

describe("/api/policies", () => {
  it("shows an agent the live version and its text, and keeps editing to admins", async () => {
    await signInAs("agent");
    const state = await editor.GET(request("GET", "/api/policies"), noParams);
    expect(state.status).toBe(200);
    const body = await state.json();
    expect(body).toMatchObject({ live: { version: POLICY_V1.version }, draft: null });
    expect(body.live.sections[0].title).toBe("Overview");
    const refused = await draft.PUT(
      request("PUT", "/api/policies/draft", { document: POLICY_V1.document }),
      noParams,
    );
    expect(refused.status).toBe(403);
  });

  it("answers a broken draft with each problem at its path, as problem+json", async () => {
    await signInAs("admin");
    const document = { ...POLICY_V1.document, defaultWindowDays: 0 };
    const response = await draft.PUT(request("PUT", "/api/policies/draft", { document }), noParams);
    expect(response.status).toBe(422);
    expect(response.headers.get("content-type")).toBe("application/problem+json");
    expect((await response.json()).errors).toEqual([
      { path: "defaultWindowDays", message: expect.any(String) },
    ]);
  });

  it("refuses to publish a draft without a dry run, in words, and to roll back to the version in force", async () => {
    await signInAs("admin");
    const opened = await draft.POST(request("POST", "/api/policies/draft", {}), noParams);
    expect((await opened.json()).basedOn).toBe(POLICY_V1.version);
    const refused = await publish.POST(request("POST", "/api/policies/publish", {}), noParams);
    expect(refused.status).toBe(409);
    expect((await refused.json()).detail).toContain("no dry run yet");

    const scheduled = await publish.POST(
      request("POST", "/api/policies/publish", { effectiveFrom: "next tuesday" }),
      noParams,
    );
    expect(scheduled.status).toBe(422);

    const sameAsLive = await rollBack.POST(
      request("POST", "/api/policies/roll-back", { number: 1 }),
      noParams,
    );
    expect(sameAsLive.status).toBe(409);
    const discarded = await draft.DELETE(request("DELETE", "/api/policies/draft"), noParams);
    expect(await discarded.json()).toEqual({ discarded: true });
  });

  it("reads a member of several shops their first shop's policy, but changes only the one named", async () => {
    await signInAs("admin");
    const admin = await prisma.staffUser.findFirstOrThrow({ where: { role: "admin" } });
    const first = await prisma.workspace.findFirstOrThrow();
    const second = await prisma.workspace.create({
      data: { key: "second-shop", name: "Second shop", identitySecret: "s".repeat(43) },
    });
    await prisma.workspaceMember.create({
      data: { workspaceId: second.id, staffUserId: admin.id },
    });
    const read = await editor.GET(request("GET", "/api/policies"), noParams);
    expect((await read.json()).workspaceId).toBe(first.id);
    const unnamed = await draft.PUT(
      request("PUT", "/api/policies/draft", { document: POLICY_V1.document }),
      noParams,
    );
    expect(unnamed.status).toBe(409);
    const named = await draft.PUT(
      request("PUT", "/api/policies/draft", {
        workspaceId: second.id,
        document: POLICY_V1.document,
      }),
      noParams,
    );
    expect(named.status).toBe(200);
    expect(await prisma.policyVersion.findMany({ select: { workspaceId: true } })).toEqual([
      { workspaceId: second.id },
    ]);
  });

  it("hides another workspace's policy", async () => {
    await signInAs("admin");
    const response = await editor.GET(
      request("GET", "/api/policies?workspaceId=someone_elses"),
      noParams,
    );
    expect(response.status).toBe(404);
  });
});
