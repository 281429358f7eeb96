import {
  type APIRequestContext,
  type APIResponse,
  expect,
  request as playwrightRequest,
  test,
} from "@playwright/test";
import { signedInContext } from "./support/staff-pages";
import { startStory } from "./support/staff-session";
import { STAFF_ROLES, type StaffRole, staffStorageState } from "./support/staff-sign-in";

/*
 * Every staff API route × anonymous/agent/approver/admin, and bad input on the routes that write.
 * Requests for roles that are allowed use unknown ids or invalid bodies wherever success would
 * change data, so the matrix itself writes nothing; only GETs are expected to answer 2xx.
 */

type Caller = "anonymous" | StaffRole;
const CALLERS: Caller[] = ["anonymous", "agent", "approver", "admin"];

type RouteCase = {
  name: string;
  method: "GET" | "POST";
  path: (ids: { conversationId: string }) => string;
  body?: unknown;
  allowed: readonly StaffRole[];
  /** What an allowed caller gets. */
  status: number;
};

const EVERYONE = ["agent", "approver", "admin"] as const;
const DECIDERS = ["approver", "admin"] as const;

const missingTicket = (verb: string, body?: unknown): RouteCase => ({
  name: `ticket ${verb}`,
  method: "POST",
  path: () => `/api/conversations/tkt_missing/${verb}`,
  ...(body !== undefined && { body }),
  allowed: EVERYONE,
  status: 404,
});

const ROUTES: RouteCase[] = [
  missingTicket("replies", { text: "hello" }),
  missingTicket("notes", { text: "hello" }),
  missingTicket("take-over"),
  missingTicket("hand-back"),
  missingTicket("assignee", { assigneeId: null }),
  missingTicket("status", { status: "solved" }),
  {
    name: "dispute handling",
    method: "POST",
    path: () => "/api/disputes/dsp_missing/handling",
    body: { step: "acknowledge" },
    allowed: DECIDERS,
    status: 404,
  },
  {
    name: "reconciliation lookup",
    method: "POST",
    path: () => "/api/reconciliations/pa_missing/lookup",
    allowed: DECIDERS,
    status: 404,
  },
  {
    name: "reconciliation settlement",
    method: "POST",
    path: () => "/api/reconciliations/pa_missing/settlement",
    body: { resolution: "retry", note: "checked" },
    allowed: DECIDERS,
    status: 404,
  },
  { name: "inbox", method: "GET", path: () => "/api/inbox", allowed: EVERYONE, status: 200 },
  {
    name: "ticket snapshot",
    method: "GET",
    path: ({ conversationId }) => `/api/conversations/${conversationId}`,
    allowed: EVERYONE,
    status: 200,
  },
  {
    name: "unknown ticket",
    method: "GET",
    path: () => "/api/conversations/tkt_missing",
    allowed: EVERYONE,
    status: 404,
  },
  {
    name: "stop run",
    method: "POST",
    path: () => "/api/runs/run_missing/stop",
    allowed: EVERYONE,
    status: 404,
  },
  {
    name: "resume run",
    method: "POST",
    path: () => "/api/runs/run_missing/resume",
    allowed: EVERYONE,
    status: 404,
  },
  {
    name: "reply as customer",
    method: "POST",
    path: () => "/api/conversations/conv_missing/messages",
    body: { text: "hello" },
    allowed: EVERYONE,
    status: 404,
  },
  {
    name: "start story",
    method: "POST",
    path: () => "/api/stories",
    body: { storyKey: "no-such-story" },
    allowed: EVERYONE,
    status: 404,
  },
  {
    name: "new email",
    method: "POST",
    path: () => "/api/conversations/email",
    body: { from: "not an email" },
    allowed: EVERYONE,
    status: 422,
  },
  {
    name: "approval decision",
    method: "POST",
    path: () => "/api/approvals/pa_missing/decision",
    body: { decision: "approve" },
    allowed: DECIDERS,
    status: 404,
  },
  { name: "settings", method: "GET", path: () => "/api/settings", allowed: EVERYONE, status: 200 },
  {
    name: "change settings",
    method: "POST",
    path: () => "/api/settings",
    body: { autoApproveLimitCents: -1 },
    allowed: ["admin"],
    status: 422,
  },
  {
    name: "refund policy",
    method: "GET",
    path: () => "/api/policies",
    allowed: EVERYONE,
    status: 200,
  },
  {
    name: "run a refund policy dry run",
    method: "POST",
    path: () => "/api/policies/dry-runs",
    body: { lookbackDays: 0 },
    allowed: ["admin"],
    status: 422,
  },
  {
    name: "newest refund policy dry run",
    method: "GET",
    path: () => "/api/policies/dry-runs/latest",
    allowed: EVERYONE,
    status: 200,
  },
  {
    name: "publish refund policy",
    method: "POST",
    path: () => "/api/policies/publish",
    body: { effectiveFrom: "next tuesday" },
    allowed: ["admin"],
    status: 422,
  },
  {
    name: "roll back refund policy",
    method: "POST",
    path: () => "/api/policies/roll-back",
    body: { number: 0 },
    allowed: ["admin"],
    status: 422,
  },
  { name: "staff list", method: "GET", path: () => "/api/staff", allowed: ["admin"], status: 200 },
  {
    name: "invite staff",
    method: "POST",
    path: () => "/api/staff",
    body: { email: "not an email", name: "Nobody", role: "agent" },
    allowed: ["admin"],
    status: 422,
  },
  {
    name: "change staff role",
    method: "POST",
    path: () => "/api/staff/stf_missing/role",
    body: { role: "agent" },
    allowed: ["admin"],
    status: 404,
  },
  {
    name: "deactivate staff",
    method: "POST",
    path: () => "/api/staff/stf_missing/deactivation",
    allowed: ["admin"],
    status: 404,
  },
  {
    name: "reset staff password",
    method: "POST",
    path: () => "/api/staff/stf_missing/password-reset",
    allowed: ["admin"],
    status: 404,
  },
  {
    name: "audit export",
    method: "GET",
    path: () => "/api/audit/export",
    allowed: ["admin"],
    status: 200,
  },
];

const contexts = new Map<Caller, APIRequestContext>();
let conversationId = "";

// A fresh connection per request: a kept-alive socket that the server closes while idle would
// otherwise surface now and then as ECONNRESET on the next call.
const extraHTTPHeaders = { Connection: "close" };

test.beforeAll(async ({ browser, baseURL }) => {
  // A real agent turn, on each worker that runs this file, often early on a freshly started
  // server: 90 s ran out twice on a busy 2-core machine (CI and a fresh-clone run).
  test.setTimeout(180_000);
  contexts.set("anonymous", await playwrightRequest.newContext({ baseURL, extraHTTPHeaders }));
  for (const role of STAFF_ROLES) {
    const storageState = staffStorageState(role);
    contexts.set(
      role,
      await playwrightRequest.newContext({ baseURL, storageState, extraHTTPHeaders }),
    );
  }
  // Tom's request is denied by policy: a real ticket that moves no money.
  const storyteller = await signedInContext(browser, "admin");
  conversationId = await startStory(storyteller.page, "past-30-days");
  await storyteller.context.close();
  // The story's agent turn must be over, or its reply could land in the middle of a test that
  // counts messages.
  const admin = contexts.get("admin") as APIRequestContext;
  await expect
    .poll(
      async () => {
        const snapshot = await (await admin.get(`/api/conversations/${conversationId}`)).json();
        return (snapshot.timeline as { type: string; status?: string }[]).some(
          (item) => item.type === "run" && (item.status === "queued" || item.status === "running"),
        );
      },
      // An agent turn takes seconds on a busy 2-core machine.
      { timeout: 60_000 },
    )
    .toBe(false);
});

test.afterAll(async () => {
  await Promise.all([...contexts.values()].map((context) => context.dispose()));
});

function call(caller: Caller, route: RouteCase): Promise<APIResponse> {
  const api = contexts.get(caller) as APIRequestContext;
  const url = route.path({ conversationId });
  return route.method === "GET" ? api.get(url) : api.post(url, { data: route.body ?? {} });
}

async function expectProblem(response: APIResponse, status: number, code: string) {
  expect(response.status()).toBe(status);
  expect(response.headers()["content-type"]).toContain("application/problem+json");
  const problem = await response.json();
  expect(problem).toMatchObject({ status, code });
  expect(problem.requestId).toMatch(/\S/);
  return problem;
}

test.describe("permission matrix", () => {
  for (const route of ROUTES) {
    for (const caller of CALLERS) {
      const expected =
        caller === "anonymous" ? 401 : route.allowed.includes(caller) ? route.status : 403;
      test(`${route.method} ${route.name} as ${caller} → ${expected}`, async () => {
        const response = await call(caller, route);
        expect(response.status(), await response.text()).toBe(expected);
        if (expected === 401) await expectProblem(response, 401, "UNAUTHENTICATED");
        if (expected === 403) await expectProblem(response, 403, "FORBIDDEN");
      });
    }
  }

  test("the live event stream needs a signed-in user", async () => {
    const response = await contexts.get("anonymous")?.get("/api/events");
    expect(response?.status()).toBe(401);
  });

  test("the audit export is CSV with a header row", async () => {
    const response = await contexts.get("admin")?.get("/api/audit/export");
    expect(response?.headers()["content-type"]).toContain("text/csv");
    const text = (await response?.text()) ?? "";
    expect(text.split("\r\n")[0]).toBe(
      "position,id,created_at,kind,actor_kind,actor_id,subject_type,subject_id,conversation_id,payload,prev_hash,hash,payload_check",
    );
  });
});

test.describe("bad input answers 4xx problem+json and writes nothing", () => {
  const raw = (path: string, body: string, contentType = "application/json") =>
    // A Buffer is sent byte for byte; a string with a JSON content type would be JSON-encoded.
    contexts
      .get("admin")
      ?.post(path, { data: Buffer.from(body), headers: { "Content-Type": contentType } });

  test("approval decision: malformed JSON, wrong types, missing note, wrong media type, oversized, unknown id", async () => {
    const path = "/api/approvals/pa_missing/decision";
    await expectProblem((await raw(path, "{not json")) as APIResponse, 400, "INVALID_JSON");
    const wrongType = await expectProblem(
      (await raw(path, JSON.stringify({ decision: 5 }))) as APIResponse,
      422,
      "VALIDATION_FAILED",
    );
    expect(wrongType.errors[0].path).toContain("decision");
    const noNote = await expectProblem(
      (await raw(path, JSON.stringify({ decision: "reject", note: "   " }))) as APIResponse,
      422,
      "VALIDATION_FAILED",
    );
    expect(noNote.errors[0].path).toBe("body.note");
    await expectProblem(
      (await raw(path, "decision=approve", "text/plain")) as APIResponse,
      415,
      "UNSUPPORTED_MEDIA_TYPE",
    );
    await expectProblem(
      (await raw(
        path,
        JSON.stringify({ decision: "reject", note: "x".repeat(9000) }),
      )) as APIResponse,
      413,
      "PAYLOAD_TOO_LARGE",
    );
    await expectProblem(
      (await raw(path, JSON.stringify({ decision: "approve" }))) as APIResponse,
      404,
      "NOT_FOUND",
    );
  });

  test("reply as customer: nothing is stored for malformed, mistyped, empty or oversized bodies", async () => {
    const admin = contexts.get("admin") as APIRequestContext;
    const before = await (await admin.get(`/api/conversations/${conversationId}`)).json();
    const path = `/api/conversations/${conversationId}/messages`;
    await expectProblem((await raw(path, '{"text": "hi"')) as APIResponse, 400, "INVALID_JSON");
    await expectProblem(
      (await raw(path, JSON.stringify({ text: 42 }))) as APIResponse,
      422,
      "VALIDATION_FAILED",
    );
    await expectProblem(
      (await raw(path, JSON.stringify({ text: "   " }))) as APIResponse,
      422,
      "VALIDATION_FAILED",
    );
    await expectProblem(
      (await raw(path, JSON.stringify({ text: "x".repeat(20_000) }))) as APIResponse,
      413,
      "PAYLOAD_TOO_LARGE",
    );
    const after = await (await admin.get(`/api/conversations/${conversationId}`)).json();
    const messages = (snapshot: { timeline: { type: string }[] }) =>
      snapshot.timeline.filter((item) => item.type === "message").length;
    expect(messages(after)).toBe(messages(before));
  });

  test("a cross-site POST is refused before anything else", async () => {
    const response = await contexts.get("admin")?.post("/api/runs/run_missing/stop", {
      headers: { Origin: "https://evil.example" },
    });
    await expectProblem(response as APIResponse, 403, "CROSS_ORIGIN_REJECTED");
  });

  test("audit export refuses a malformed time filter", async () => {
    const response = await contexts.get("admin")?.get("/api/audit/export?from=yesterday");
    await expectProblem(response as APIResponse, 422, "VALIDATION_FAILED");
  });
});

test.describe("the production server", () => {
  test("answers approval decisions itself, with the headers Next gives every answer", async () => {
    const admin = contexts.get("admin") as APIRequestContext;
    // Next streams a route handler's answer without a Content-Length (lib/server/http/small-body.ts);
    // the server's own Node route for decisions (scripts/run/next-server.mjs) sends one.
    const byNext = await admin.post("/api/runs/run_missing/stop");
    const byNode = await admin.post("/api/approvals/pa_missing/decision", {
      data: { decision: "approve" },
    });
    await expectProblem(byNext, 404, "NOT_FOUND");
    await expectProblem(byNode, 404, "NOT_FOUND");
    expect(byNext.headers()["content-length"]).toBeUndefined();
    expect(byNode.headers()["content-length"]).toBe(String((await byNode.body()).length));
    for (const header of ["x-content-type-options", "referrer-policy", "permissions-policy"]) {
      expect(byNode.headers()[header]).toBe(byNext.headers()[header]);
      expect(byNode.headers()[header]).toMatch(/\S/);
    }
    expect(byNode.headers()["x-request-id"]).toMatch(/^req_/);
  });
});
