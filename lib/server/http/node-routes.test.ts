import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { StaffSession } from "@/lib/server/auth/session";

const state = vi.hoisted(() => ({
  decided: [] as unknown[],
  streams: [] as unknown[],
  posted: [] as unknown[],
  tokens: [] as (string | undefined)[],
}));

vi.mock("@/lib/server/auth/session", async () => {
  const { can } = await import("@/lib/domain/authz");
  const approver: StaffSession = {
    user: { id: "u_approver", email: "a@countersign.test", name: "Approver", role: "approver" },
  };
  return {
    getStaffSessionForRequest: async () => approver,
    hasPermission: (session: StaffSession, permission: Parameters<typeof can>[1]) =>
      can([session.user.role], permission),
  };
});
vi.mock("@/lib/server/env", () => ({
  getServerEnv: () => ({ NEXTAUTH_URL: "http://localhost:3000" }),
}));
vi.mock("@/lib/server/logger", () => {
  const log = {
    child: () => log,
    debug: () => {},
    info: () => {},
    warn: () => {},
    error: () => {},
  };
  return { getLogger: () => log };
});
vi.mock("@/lib/server/services/approvals/decide-approval", async () => {
  const { z } = await import("zod");
  return {
    decisionSchema: z.object({ decision: z.enum(["approve", "reject"]) }),
    decideApproval: async (input: unknown) => {
      state.decided.push(input);
      return { result: { decided: input } };
    },
  };
});

vi.mock("@/lib/server/services/widget/resolve-widget-session", () => ({
  requireWidgetSession: async ({ token }: { token: string | undefined }) => {
    state.tokens.push(token);
    return { conversationId: "conv_w" };
  },
}));
vi.mock("@/lib/server/services/widget/get-widget-snapshot", () => ({
  getWidgetSnapshot: async ({ session }: { session: { conversationId: string } }) => ({
    conversationId: session.conversationId,
    items: [],
  }),
}));
vi.mock("@/lib/server/services/widget/post-widget-message", async () => {
  const { z } = await import("zod");
  return {
    postWidgetMessageSchema: z.object({ text: z.string(), clientId: z.string() }),
    postWidgetMessage: async (body: { clientId: string }) => {
      const duplicate = state.posted.includes(body.clientId);
      state.posted.push(body.clientId);
      return { messageId: `m_${body.clientId}`, duplicate };
    },
  };
});

vi.mock("@/lib/server/realtime/node-event-stream", () => ({
  writeNodeEventStream: (
    request: unknown,
    res: http.ServerResponse,
    headers: Record<string, string>,
  ) => {
    state.streams.push(request);
    res.writeHead(200, { ...headers, "Content-Type": "text/event-stream" }).end();
  },
}));

const { answerBeforeNext, registerNodeRoutes } = await import("./node-routes");

// What is not answered before Next is answered here with 418, so the test sees who answered.
const server = http.createServer((req, res) => {
  if (answerBeforeNext(req, res)) return;
  res.writeHead(418).end();
});
let origin = "";

beforeAll(async () => {
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

const decision = (path: string, method = "POST") =>
  fetch(`${origin}${path}`, {
    method,
    headers: { "content-type": "application/json" },
    body: method === "POST" ? '{"decision":"approve"}' : undefined,
  });

describe("answerBeforeNext", () => {
  it("answers a decision itself, with the decoded action id and the decider from the session", async () => {
    const response = await decision("/api/approvals/pa%5F1/decision?from=queue");
    expect(response.status).toBe(200);
    expect(state.decided.at(-1)).toEqual({
      decision: "approve",
      actionId: "pa_1",
      deciderId: "u_approver",
    });
  });

  it("answers the staff event stream itself, from Last-Event-ID over the query's", async () => {
    const response = await fetch(`${origin}/api/events?conversationId=conv_1&lastEventId=5`, {
      headers: { "last-event-id": "7" },
    });
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("text/event-stream");
    expect(state.streams.at(-1)).toEqual({ lastEventId: 7n, conversationId: "conv_1" });
    await fetch(`${origin}/api/events?lastEventId=5`);
    expect(state.streams.at(-1)).toEqual({ lastEventId: 5n, conversationId: undefined });
    expect((await fetch(`${origin}/api/events?lastEventId=x`)).status).toBe(422);
  });

  it("answers the widget's snapshot, message and stream itself, with the session from its cookie", async () => {
    const cookie = "countersign_widget_session=tok_1; other=x";
    const snapshot = await fetch(`${origin}/api/widget/conversation`, { headers: { cookie } });
    expect(snapshot.status).toBe(200);
    expect(await snapshot.json()).toEqual({ conversationId: "conv_w", items: [] });
    expect(state.tokens.at(-1)).toBe("tok_1");

    const post = () =>
      fetch(`${origin}/api/widget/messages`, {
        method: "POST",
        headers: { cookie, "content-type": "application/json" },
        body: JSON.stringify({ text: "hello", clientId: "c_1" }),
      });
    const first = await post();
    expect(first.status).toBe(202);
    expect(await first.json()).toEqual({ messageId: "m_c_1", duplicate: false });
    const again = await post();
    expect(again.status).toBe(200);
    expect(await again.json()).toEqual({ messageId: "m_c_1", duplicate: true });

    const stream = await fetch(`${origin}/api/widget/events?lastEventId=3`, {
      headers: { cookie, "last-event-id": "9" },
    });
    expect(stream.status).toBe(200);
    expect(stream.headers.get("content-type")).toBe("text/event-stream");
    expect(state.streams.at(-1)).toMatchObject({
      lastEventId: 9n,
      conversationId: "conv_w",
      anonymous: true,
    });

    await fetch(`${origin}/api/widget/conversation`);
    expect(state.tokens.at(-1)).toBeUndefined();
  });

  it.each([
    ["another method on the event stream", "/api/events", "POST"],
    ["another method on the widget's snapshot", "/api/widget/conversation", "POST"],
    ["another widget endpoint", "/api/widget/session", "POST"],
    ["another endpoint under it", "/api/events/1", "GET"],
    ["another method", "/api/approvals/pa_1/decision", "GET"],
    ["a trailing slash (Next redirects it)", "/api/approvals/pa_1/decision/", "POST"],
    ["a deeper path", "/api/approvals/pa_1/x/decision", "POST"],
    ["another endpoint", "/api/approvals/pa_1", "POST"],
  ])("leaves %s to Next", async (_label, path, method) => {
    expect((await decision(path, method)).status).toBe(418);
  });

  it.each([
    ["/api/approvals/pa%E0%A4%A/decision", "POST"],
    ["/api/conversations/%E0%A4%A", "GET"],
    ["/api/widget/actions/%FF/answer", "POST"],
    ["/conversations/%C0%AF", "GET"],
  ])(
    "answers the malformed path %s with 400 problem+json, for every route",
    async (path, method) => {
      const decided = state.decided.length;
      const response = await decision(path, method);
      expect(response.status).toBe(400);
      expect(response.headers.get("content-type")).toBe("application/problem+json");
      expect(await response.json()).toMatchObject({ status: 400, code: "MALFORMED_PATH" });
      expect(state.decided).toHaveLength(decided);
    },
  );

  it("is what the production server finds under its symbol once registered", () => {
    const slot = Symbol.for("countersign.answerBeforeNext");
    registerNodeRoutes();
    expect((globalThis as Record<symbol, unknown>)[slot]).toBe(answerBeforeNext);
  });
});
