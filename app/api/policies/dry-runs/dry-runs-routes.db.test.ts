import { NextRequest } from "next/server";
import { describe, expect, it, vi } from "vitest";
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

const dryRuns = await import("./route");
const latest = await import("./latest/route");

const prisma = seededTestDatabase();
const noParams = { params: Promise.resolve({}) };

async function signInAs(role: "admin" | "agent" | "approver") {
  const staff = await prisma.staffUser.findFirstOrThrow({ where: { role, active: true } });
  signedIn.session = {
    user: { id: staff.id, email: staff.email, name: staff.name, role },
  } as StaffSession;
}

function post(body: unknown): Promise<Response> {
  return dryRuns.POST(
    new NextRequest("http://localhost:3000/api/policies/dry-runs", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(body),
    }),
    noParams,
  );
}

function getLatest(): Promise<Response> {
  return latest.GET(
    new NextRequest("http://localhost:3000/api/policies/dry-runs/latest"),
    noParams,
  );
}

async function saveDraft() {
  const workspace = await prisma.workspace.findFirstOrThrow({ where: { key: "demo-shop" } });
  await prisma.policyVersion.create({
    data: {
      workspaceId: workspace.id,
      status: "draft",
      document: { ...POLICY_V1.document, defaultWindowDays: 60 },
      basedOn: POLICY_V1.version,
    },
  });
}

describe("/api/policies/dry-runs", () => {
  it("runs the caller's workspace's draft and answers it again as the latest", async () => {
    await signInAs("admin");
    await saveDraft();
    expect(await (await getLatest()).json()).toEqual({ report: null });

    const response = await post({ lookbackDays: 14 });
    expect(response.status).toBe(201);
    const report = await response.json();
    // Story 2's blanket, 45 days old, comes inside a 60-day window.
    expect(report).toMatchObject({
      lookbackDays: 14,
      summary: { stories: 6, decisionsFlipped: 1 },
    });
    expect(report.changes).toEqual([
      expect.objectContaining({
        source: "story",
        ref: "past-30-days",
        after: expect.objectContaining({ decision: "quote" }),
      }),
    ]);

    const again = await getLatest();
    expect(again.status).toBe(200);
    expect(await again.json()).toEqual({ report });
  });

  it("answers problem+json: 409 without a draft, 422 for a bad window, 403 for running one without policy.publish", async () => {
    await signInAs("admin");
    const missing = await post({});
    expect(missing.status).toBe(409);
    expect(missing.headers.get("content-type")).toContain("application/problem+json");
    expect(await missing.json()).toMatchObject({ reason: "NO_DRAFT" });

    expect((await post({ lookbackDays: 0 })).status).toBe(422);
    expect((await post({ lookbackDays: 366 })).status).toBe(422);
    expect((await post({ lookbackDays: 30, extra: true })).status).toBe(422);

    await signInAs("approver");
    expect((await post({})).status).toBe(403);
    // Anyone who reads the settings may read the newest run.
    expect((await getLatest()).status).toBe(200);
  });
});
