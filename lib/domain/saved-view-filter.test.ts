import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  INBOX_SORTS,
  INBOX_STATUSES,
  isEmptyFilter,
  MAX_FILTER_TAGS,
  savedViewFilterSchema,
  savedViewNameSchema,
  savedViewSearchParams,
} from "./saved-view-filter";

const filterArbitrary = fc.record({
  statuses: fc.uniqueArray(fc.constantFrom(...INBOX_STATUSES)),
  channel: fc.constantFrom(null, "chat", "email"),
  assignee: fc.constantFrom(null, "me", "unassigned"),
  tags: fc.uniqueArray(fc.stringMatching(/^[a-z0-9][a-z0-9-]{0,15}$/), {
    maxLength: MAX_FILTER_TAGS,
  }),
  search: fc.option(fc.stringMatching(/^[a-z0-9]+( [a-z0-9]+)*$/), { nil: null }),
  sort: fc.constantFrom(...INBOX_SORTS),
});

describe("saved view filters", () => {
  it("fills what a filter leaves out with 'any'", () => {
    const filter = savedViewFilterSchema.parse({});
    expect(filter).toEqual({
      statuses: [],
      channel: null,
      assignee: null,
      tags: [],
      search: null,
      sort: "newest",
    });
    expect(isEmptyFilter(filter)).toBe(true);
    expect(isEmptyFilter(savedViewFilterSchema.parse({ sort: "oldest" }))).toBe(false);
  });

  it("round-trips: a parsed filter parses to itself, through JSON too", () => {
    fc.assert(
      fc.property(filterArbitrary, (input) => {
        const filter = savedViewFilterSchema.parse(input);
        expect(savedViewFilterSchema.parse(JSON.parse(JSON.stringify(filter)))).toEqual(filter);
        expect(filter).toEqual(input);
      }),
    );
  });

  it("refuses keys it does not know, rather than dropping them", () => {
    const result = savedViewFilterSchema.safeParse({ tags: ["vip"], sortBy: "amount" });
    expect(result.success).toBe(false);
  });

  it("keys tags in lower case, each once, and refuses more than the limit", () => {
    expect(savedViewFilterSchema.parse({ tags: ["VIP", "vip", " Dispute-Opened "] }).tags).toEqual([
      "vip",
      "dispute-opened",
    ]);
    const tooMany = Array.from({ length: MAX_FILTER_TAGS + 1 }, (_, index) => `t${index}`);
    expect(savedViewFilterSchema.safeParse({ tags: tooMany }).success).toBe(false);
    expect(savedViewFilterSchema.safeParse({ statuses: ["lost"] }).success).toBe(false);
  });

  it("treats an empty search as none", () => {
    expect(savedViewFilterSchema.parse({ search: "   " }).search).toBeNull();
  });

  it("writes the inbox query the inbox reads: every part of the filter, in order", () => {
    expect(
      savedViewSearchParams(
        savedViewFilterSchema.parse({
          statuses: ["needs_approval", "failed"],
          channel: "chat",
          assignee: "me",
          tags: ["dispute-opened", "vip"],
          search: "maya",
          sort: "oldest",
        }),
      ),
    ).toEqual([
      ["status", "needs_approval"],
      ["status", "failed"],
      ["channel", "chat"],
      ["q", "maya"],
      ["tag", "dispute-opened"],
      ["tag", "vip"],
      ["assignee", "me"],
      ["sort", "oldest"],
    ]);
  });

  it("names views with 1 to 60 characters, spaces collapsed", () => {
    expect(savedViewNameSchema.parse("  Open   disputes ")).toBe("Open disputes");
    expect(savedViewNameSchema.safeParse(" ").success).toBe(false);
    expect(savedViewNameSchema.safeParse("x".repeat(61)).success).toBe(false);
  });
});
