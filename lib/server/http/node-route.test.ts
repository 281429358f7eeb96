import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { z } from "zod";
import { AppError } from "@/lib/errors/app-error";
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

const { defineNodeRoute, NodeStreamedResponse } = await import("./node-route");

const decide = defineNodeRoute(
  {
    permission: "approvals.decide",
    params: z.object({ thingId: z.string().startsWith("t_") }),
    body: z.object({ note: z.string().min(3) }),
    query: z.object({ dryRun: z.enum(["yes", "no"]).default("no") }),
    maxBodyBytes: 100,
  },
  ({ params, body, query, session }) => ({ ...params, ...body, ...query, by: session.user.id }),
);
const alreadyDecided = defineNodeRoute({ permission: "public" }, () => {
  throw new AppError("ALREADY_DECIDED", "Pat approved it first.", {
    extensions: { decidedBy: "Pat" },
  });
});
const empty = defineNodeRoute({ permission: "public" }, () => undefined);
// Writes its own answer, as the event stream does, and reads a header beyond its schemas.
const streamed = defineNodeRoute({ permission: "tickets.read" }, ({ headers }) => {
  const from = headers.get("last-event-id") ?? "none";
  return new NodeStreamedResponse((res, routeHeaders) => {
    res.writeHead(200, { ...routeHeaders, "Content-Type": "text/event-stream" });
    res.end(`data: from ${from}\n\n`);
  });
});

// A real server: the adapter writes to Node's response, so the test reads what a client reads.
const server = http.createServer((req, res) => {
  const [, name = "", thingId = ""] = (req.url ?? "").split("?")[0]?.split("/") ?? [];
  const route = { decide, alreadyDecided, empty, streamed }[name];
  if (!route) {
    res.writeHead(404).end();
    return;
  }
  void route(req, res, { thingId });
});
let origin = "";

beforeAll(async () => {
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
beforeEach(() => {
  state.session = null;
  state.carriers = [];
  state.logged = [];
});

function post(path: string, body: string, headers: Record<string, string> = {}) {
  return fetch(`${origin}${path}`, {
    method: "POST",
    body,
    headers: { "content-type": "application/json", ...headers },
  });
}

describe("defineNodeRoute", () => {
  it("lets a route write its own answer, with the pipeline's headers, once the caller may see it", async () => {
    const refused = await fetch(`${origin}/streamed`);
    expect(refused.status).toBe(401);
    expect(refused.headers.get("content-type")).toBe("application/problem+json");

    state.session = asRole("agent");
    const response = await fetch(`${origin}/streamed`, { headers: { "last-event-id": "42" } });
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("text/event-stream");
    expect(response.headers.get("x-content-type-options")).toBe("nosniff");
    expect(response.headers.get("x-request-id")).toMatch(/^req_/);
    expect(await response.text()).toBe("data: from 42\n\n");
  });

  it("answers 401 problem+json to anonymous callers, with the base security headers", async () => {
    const response = await post("/decide/t_1", '{"note":"fine"}');
    expect(response.status).toBe(401);
    expect(response.headers.get("content-type")).toBe("application/problem+json");
    expect(response.headers.get("cache-control")).toBe("no-store");
    expect(response.headers.get("x-content-type-options")).toBe("nosniff");
    expect(response.headers.get("x-request-id")).toMatch(/^req_/);
    expect(await response.json()).toMatchObject({ code: "UNAUTHENTICATED", status: 401 });
  });

  it("hands next-auth the request with its cookies parsed", async () => {
    await post("/decide/t_1", '{"note":"fine"}', {
      cookie: "next-auth.session-token=abc%3D; other=1",
    });
    expect(state.carriers).toHaveLength(1);
    expect(state.carriers[0]).toMatchObject({
      cookies: { "next-auth.session-token": "abc=", other: "1" },
    });
  });

  it("passes parsed params, query, body and session to the handler", async () => {
    state.session = asRole("approver");
    const response = await post("/decide/t_1?dryRun=yes", '{"note":"fine"}', {
      "x-request-id": "trace-12345678",
    });
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("application/json");
    expect(response.headers.get("x-request-id")).toBe("trace-12345678");
    expect(await response.json()).toEqual({
      thingId: "t_1",
      note: "fine",
      dryRun: "yes",
      by: "u_approver",
    });
  });

  it.each([
    ["malformed JSON", '{"note":', {}, 400, "INVALID_JSON"],
    ["wrong types", '{"note":5}', {}, 422, "VALIDATION_FAILED"],
    [
      "a body that is not JSON",
      "note=fine",
      { "content-type": "text/plain" },
      415,
      "UNSUPPORTED_MEDIA_TYPE",
    ],
    ["an oversized body", JSON.stringify({ note: "x".repeat(200) }), {}, 413, "PAYLOAD_TOO_LARGE"],
    [
      "a cross-origin post",
      '{"note":"fine"}',
      { origin: "http://evil.test" },
      403,
      "CROSS_ORIGIN_REJECTED",
    ],
  ])("answers %s with %i", async (_label, body, headers, status, code) => {
    state.session = asRole("approver");
    const response = await post("/decide/t_1", body, headers);
    expect(response.status).toBe(status);
    expect(await response.json()).toMatchObject({ code, status });
  });

  it("answers an oversized chunked body with 413 on a connection that still works", async () => {
    state.session = asRole("approver");
    const big = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(new TextEncoder().encode(`{"note":"${"x".repeat(500)}"}`));
        controller.close();
      },
    });
    const response = await fetch(`${origin}/decide/t_1`, {
      method: "POST",
      body: big,
      headers: { "content-type": "application/json" },
      duplex: "half",
    } as RequestInit);
    expect(response.status).toBe(413);
    await response.arrayBuffer();
    expect((await post("/decide/t_1", '{"note":"fine"}')).status).toBe(200);
  });

  it("answers a malformed id like an unknown one", async () => {
    state.session = asRole("approver");
    const response = await post("/decide/x_1", '{"note":"fine"}');
    expect(response.status).toBe(404);
  });

  it("keeps AppError extensions and sends 204 for undefined", async () => {
    const refused = await post("/alreadyDecided/t_1", "");
    expect(refused.status).toBe(409);
    expect(await refused.json()).toMatchObject({ code: "ALREADY_DECIDED", decidedBy: "Pat" });
    const none = await post("/empty/t_1", "");
    expect(none.status).toBe(204);
    expect(await none.text()).toBe("");
  });

  it("sends HSTS only when the app is served over https", async () => {
    expect((await post("/empty/t_1", "")).headers.get("strict-transport-security")).toBeNull();
    state.publicUrl = "https://desk.example";
    try {
      const secure = await post("/empty/t_1", "");
      expect(secure.headers.get("strict-transport-security")).toMatch(/^max-age=31536000/);
    } finally {
      state.publicUrl = "http://localhost:3000";
    }
  });
});
