import { NextRequest } from "next/server";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { z } from "zod";
import { DomainError } from "@/lib/domain/errors";
import { AppError } from "@/lib/errors/app-error";
import { Prisma } from "@/lib/generated/prisma/client";
import { asRole, pipelineState as state } from "@/tests/support/route-pipeline-fakes";

vi.mock("@/lib/server/auth/session", async () =>
  (await import("@/tests/support/route-pipeline-fakes")).fakeSessionModule(),
);
vi.mock("@/lib/server/env", async () =>
  (await import("@/tests/support/route-pipeline-fakes")).fakeEnvModule(),
);
vi.mock("@/lib/server/logger", async () =>
  (await import("@/tests/support/route-pipeline-fakes")).fakeLoggerModule(),
);

const { defineRoute } = await import("./route");

function call(
  handler: ReturnType<typeof defineRoute>,
  init: { method?: string; url?: string; body?: string; headers?: Record<string, string> } = {},
  params: Record<string, string> = {},
) {
  const req = new NextRequest(init.url ?? "http://localhost:3000/api/things/t_1", {
    method: init.method ?? "GET",
    body: init.body,
    headers:
      init.body === undefined
        ? init.headers
        : { "content-type": "application/json", ...init.headers },
  });
  return handler(req, { params: Promise.resolve(params) });
}

const decide = defineRoute(
  {
    permission: "approvals.decide",
    params: z.object({ thingId: z.string().startsWith("t_") }),
    body: z.object({ note: z.string().min(3) }),
    query: z.object({ dryRun: z.enum(["yes", "no"]).default("no") }),
    maxBodyBytes: 100,
  },
  ({ params, body, query, session }) => ({ ...params, ...body, ...query, by: session.user.id }),
);

beforeEach(() => {
  state.session = null;
  state.logged = [];
  state.requests = [];
});

describe("request logging", () => {
  it("logs a successful request at debug and a refused one at info", async () => {
    await call(decide, { method: "POST", body: '{"note":"fine"}' }, { thingId: "t_1" });
    state.session = asRole("approver");
    await call(decide, { method: "POST", body: '{"note":"fine"}' }, { thingId: "t_1" });
    expect(state.requests).toEqual([
      { level: "info", status: 401 },
      { level: "debug", status: 200 },
    ]);
  });
});

describe("defineRoute", () => {
  it("answers 401 problem+json to anonymous callers of protected routes", async () => {
    const response = await call(
      decide,
      { method: "POST", body: '{"note":"fine"}' },
      { thingId: "t_1" },
    );
    expect(response.status).toBe(401);
    expect(response.headers.get("content-type")).toBe("application/problem+json");
    expect(await response.json()).toMatchObject({ code: "UNAUTHENTICATED", status: 401 });
  });

  it("answers 403 when the role lacks the permission", async () => {
    state.session = asRole("agent");
    const response = await call(
      decide,
      { method: "POST", body: '{"note":"fine"}' },
      { thingId: "t_1" },
    );
    expect(response.status).toBe(403);
    expect(await response.json()).toMatchObject({ code: "FORBIDDEN" });
  });

  it("passes parsed params, query, body and session to the handler", async () => {
    state.session = asRole("approver");
    const response = await call(
      decide,
      {
        method: "POST",
        url: "http://localhost:3000/api/things/t_1?dryRun=yes",
        body: '{"note":"fine"}',
      },
      { thingId: "t_1" },
    );
    expect(response.status).toBe(200);
    expect(response.headers.get("x-request-id")).toMatch(/^req_/);
    expect(await response.json()).toEqual({
      thingId: "t_1",
      note: "fine",
      dryRun: "yes",
      by: "u_approver",
    });
  });

  it("rejects a cross-origin mutation before looking at the session", async () => {
    state.session = asRole("approver");
    const response = await call(
      decide,
      { method: "POST", body: '{"note":"fine"}', headers: { origin: "http://evil.test" } },
      { thingId: "t_1" },
    );
    expect(response.status).toBe(403);
    expect(await response.json()).toMatchObject({ code: "CROSS_ORIGIN_REJECTED" });
  });

  it.each([
    ["malformed JSON", '{"note":', 400, "INVALID_JSON"],
    ["wrong types", '{"note":5}', 422, "VALIDATION_FAILED"],
    ["an oversized body", JSON.stringify({ note: "x".repeat(200) }), 413, "PAYLOAD_TOO_LARGE"],
  ])("answers %s with %i", async (_label, body, status, code) => {
    state.session = asRole("approver");
    const response = await call(decide, { method: "POST", body }, { thingId: "t_1" });
    expect(response.status).toBe(status);
    expect(await response.json()).toMatchObject({ code });
  });

  it("lists field errors for invalid input", async () => {
    state.session = asRole("approver");
    const response = await call(
      decide,
      { method: "POST", body: '{"note":"x"}' },
      { thingId: "t_1" },
    );
    const problem = await response.json();
    expect(problem.errors).toEqual([{ path: "body.note", message: expect.any(String) }]);
  });

  it("answers 404 for malformed route params", async () => {
    state.session = asRole("approver");
    const response = await call(
      decide,
      { method: "POST", body: '{"note":"fine"}' },
      { thingId: "zzz" },
    );
    expect(response.status).toBe(404);
  });

  it.each([
    ['{"note":"nul \\u0000 here"}', "body.note"],
    ['{"note":"lone \\ud800 surrogate"}', "body.note"],
    ['{"note":"fine","extra":{"deep":["\\u0000"]}}', "body.extra.deep.0"],
  ])("refuses unstorable text in the body before the handler runs (%s)", async (body, path) => {
    state.session = asRole("approver");
    let ran = false;
    const route = defineRoute({ permission: "approvals.decide", body: z.unknown() }, () => {
      ran = true;
      return "ran";
    });
    const response = await call(route, { method: "POST", body });
    expect(response.status).toBe(422);
    expect(response.headers.get("content-type")).toMatch(/problem\+json/);
    expect((await response.json()).errors).toContainEqual({ path, message: expect.any(String) });
    expect(ran).toBe(false);
  });

  it("refuses JSON nested past the depth limit", async () => {
    state.session = asRole("approver");
    const route = defineRoute({ permission: "approvals.decide", body: z.unknown() }, () => "ran");
    const body = `${"[".repeat(5000)}${"]".repeat(5000)}`;
    const response = await call(route, { method: "POST", body });
    expect(response.status).toBe(422);
  });

  it("refuses NUL in the query and answers a NUL path id like an unknown one", async () => {
    state.session = asRole("approver");
    const query = await call(
      decide,
      {
        method: "POST",
        url: "http://localhost:3000/api/things/t_1?dryRun=yes%00",
        body: '{"note":"fine"}',
      },
      { thingId: "t_1" },
    );
    expect(query.status).toBe(422);
    const param = await call(
      decide,
      { method: "POST", body: '{"note":"fine"}' },
      { thingId: "t_\u0000" },
    );
    expect(param.status).toBe(404);
  });

  it("sends HSTS only when the app is served over https", async () => {
    const route = defineRoute({ permission: "public" }, () => ({ ok: true }));
    const plain = await call(route);
    expect(plain.headers.get("strict-transport-security")).toBeNull();
    state.publicUrl = "https://desk.example";
    try {
      const secure = await call(route, { url: "https://desk.example/api/things/t_1" });
      expect(secure.headers.get("strict-transport-security")).toMatch(/^max-age=31536000/);
      const failed = await call(
        defineRoute({ permission: "approvals.decide" }, () => "never"),
        { url: "https://desk.example/api/things/t_1" },
      );
      expect(failed.status).toBe(401);
      expect(failed.headers.get("strict-transport-security")).toMatch(/^max-age=/);
    } finally {
      state.publicUrl = "http://localhost:3000";
    }
  });

  it("maps AppError codes through the table and keeps extensions", async () => {
    const route = defineRoute({ permission: "public" }, () => {
      throw new AppError("ALREADY_DECIDED", "Pat approved it first.", {
        extensions: { decidedBy: "Pat" },
      });
    });
    const response = await call(route);
    expect(response.status).toBe(409);
    expect(await response.json()).toMatchObject({ code: "ALREADY_DECIDED", decidedBy: "Pat" });
  });

  it("answers 422 for a domain precondition error", async () => {
    const route = defineRoute({ permission: "public" }, () => {
      throw new DomainError("INVALID_CENTS", "amountCents must be an integer number of cents");
    });
    expect((await call(route)).status).toBe(422);
  });

  it("hides unknown errors behind a 500 and logs them with the request id header set", async () => {
    const route = defineRoute({ permission: "public" }, () => {
      throw new Error("SELECT secret FROM staff_users");
    });
    const response = await call(route, { headers: { "x-request-id": "trace-12345678" } });
    expect(response.status).toBe(500);
    expect(response.headers.get("x-request-id")).toBe("trace-12345678");
    const text = await response.text();
    expect(text).not.toContain("secret");
    expect(JSON.parse(text)).toMatchObject({ code: "INTERNAL", requestId: "trace-12345678" });
    expect(state.logged).toHaveLength(1);
  });

  it("answers 503 with Retry-After, not 500, when the database is unreachable", async () => {
    const route = defineRoute({ permission: "public" }, () => {
      // The adapter's shape while Postgres is down (transient-database-errors.db.test.ts).
      throw new Prisma.PrismaClientKnownRequestError("Can't reach database server", {
        code: "P1001",
        clientVersion: Prisma.prismaVersion.client,
        meta: { driverAdapterError: { cause: { kind: "DatabaseNotReachable" } } },
      });
    });
    const response = await call(route);
    expect(response.status).toBe(503);
    expect(response.headers.get("content-type")).toBe("application/problem+json");
    expect(response.headers.get("retry-after")).toBe("5");
    expect(await response.json()).toMatchObject({ code: "SERVICE_UNAVAILABLE" });
    expect(state.logged).toHaveLength(0);
  });

  it("gives public routes the session when there is one, and null otherwise", async () => {
    const route = defineRoute({ permission: "public" }, ({ session }) => ({
      who: session?.user.id ?? null,
    }));
    expect(await (await call(route)).json()).toEqual({ who: null });
    state.session = asRole("agent");
    expect(await (await call(route)).json()).toEqual({ who: "u_agent" });
  });

  it("sends 204 for undefined and passes a Response through with the request id", async () => {
    const empty = defineRoute({ permission: "public" }, () => undefined);
    expect((await call(empty)).status).toBe(204);
    const redirect = defineRoute({ permission: "public" }, () =>
      Response.redirect("http://localhost:3000/inbox", 303),
    );
    const response = await call(redirect);
    expect(response.status).toBe(303);
    expect(response.headers.get("location")).toBe("http://localhost:3000/inbox");
    expect(response.headers.get("x-request-id")).toMatch(/^req_/);
  });
});
