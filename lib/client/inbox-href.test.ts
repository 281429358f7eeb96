import { describe, expect, it } from "vitest";
import { inboxQuerySchema } from "@/lib/server/services/inbox/list-inbox";
import { inboxHref } from "./inbox-href";

const query = (params: Record<string, string | string[]>) => inboxQuerySchema.parse(params);

describe("inboxHref", () => {
  it("is the bare inbox when nothing is filtered", () => {
    expect(inboxHref(query({}), {})).toBe("/inbox");
  });

  it("keeps the statuses, channel and search when no status is given", () => {
    const href = inboxHref(
      query({ status: ["failed", "resolved"], channel: "email", q: "late" }),
      {},
    );
    expect(href).toBe("/inbox?status=failed&status=resolved&channel=email&q=late");
  });

  it("replaces the statuses with the chosen one, and clears them with null", () => {
    const current = query({ status: ["failed", "resolved"] });
    expect(inboxHref(current, { status: "needs_approval" })).toBe("/inbox?status=needs_approval");
    expect(inboxHref(current, { status: null })).toBe("/inbox");
  });

  it("carries an insight's period only with the insight", () => {
    expect(inboxHref(query({ insight: "refunds", from: "2026-01-01", to: "2026-01-31" }), {})).toBe(
      "/inbox?insight=refunds&from=2026-01-01&to=2026-01-31",
    );
    expect(inboxHref(query({ from: "2026-01-01", to: "2026-01-31" }), {})).toBe("/inbox");
  });

  it("adds the page cursor it is given", () => {
    expect(inboxHref(query({ channel: "chat" }), { after: "abc" })).toBe(
      "/inbox?channel=chat&after=abc",
    );
    expect(inboxHref(query({}), { before: "xyz" })).toBe("/inbox?before=xyz");
  });
});
