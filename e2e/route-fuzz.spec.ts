import fs from "node:fs";
import path from "node:path";
import {
  type APIRequestContext,
  type APIResponse,
  type BrowserContext,
  expect,
  request as playwrightRequest,
  test,
} from "@playwright/test";
import fc from "fast-check";
import { queryRows } from "./support/e2e-database";
import { STAFF_ROLES, type StaffRole, staffStorageState } from "./support/staff-sign-in";
import { openWidgetAs } from "./support/widget";

/*
 * Every API route the app serves (found on disk, so a new route is fuzzed without being listed),
 * called as anonymous, as each staff role and as a signed-in widget customer, with path params,
 * query strings and bodies drawn from hostile strings. No answer may be a 5xx, and a refused
 * request (4xx) must leave every table that holds customer or staff data exactly as it was.
 *
 * This file runs in its own Playwright project after all the others (see playwright.config.ts),
 * so the row counts it compares are not moved by another spec's agent turns.
 */

// One test after another in one worker (the row counts need quiet), and a failure does not skip
// the remaining routes.
test.describe.configure({ mode: "default", timeout: 600_000 });

type Caller = "anonymous" | StaffRole | "widget";

const ROUTES_DIR = path.resolve(import.meta.dirname, "..", "app", "api");

type Route = { template: string; methods: string[] };

function discoverRoutes(dir = ROUTES_DIR, prefix = "/api"): Route[] {
  const routes: Route[] = [];
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const child = path.join(dir, entry.name);
    if (entry.isDirectory()) routes.push(...discoverRoutes(child, `${prefix}/${entry.name}`));
    else if (entry.name === "route.ts") {
      const source = fs.readFileSync(child, "utf8");
      // `export const POST = …` and `export { handler as GET, handler as POST }`.
      const methods = [
        ...source.matchAll(
          /export (?:const|async function|function) (GET|POST|PUT|PATCH|DELETE)\b/g,
        ),
        ...source.matchAll(/\bas (GET|POST|PUT|PATCH|DELETE)\b/g),
      ].map((match) => match[1] as string);
      routes.push({ template: prefix, methods: [...new Set(methods)] });
    }
  }
  return routes;
}

/** Strings that have broken helpdesks: storage, parsing, rendering and path handling. */
const HOSTILE_STRINGS = [
  "\u0000",
  "text\u0000with a NUL",
  "\ud800",
  "lone \udfff surrogate",
  "\u202eevil\u202c override",
  "%00",
  "../../../etc/passwd",
  "..%2F..%2Fetc%2Fpasswd",
  "12345",
  "-1",
  "1e309",
  "0000-01-01",
  "<script>alert(1)</script>",
  "' OR 1=1 --",
  "x".repeat(1_048_576),
  "",
  " ",
];

const FIELD_NAMES = [
  "text",
  "note",
  "decision",
  "storyKey",
  "from",
  "subject",
  "body",
  "assigneeId",
  "status",
  "step",
  "resolution",
  "email",
  "orderNumber",
  "token",
  "workspace",
  "dedupeKey",
  "autoApproveLimitCents",
  "quoteHoldMinutes",
  "answer",
  "quoteId",
];

const hostileValue: fc.Arbitrary<unknown> = fc.letrec((tie) => ({
  value: fc.oneof(
    { depthSize: "small" },
    fc.constantFrom(...HOSTILE_STRINGS),
    fc.string({ unit: "binary" }),
    fc.integer(),
    fc.double(),
    fc.constantFrom(null, true, false, "100", "1.5", [], {}),
    tie("deep"),
  ),
  deep: fc.oneof(
    fc.array(tie("value"), { maxLength: 3 }),
    fc.dictionary(fc.string(), tie("value")),
  ),
})).value;

const hostileBody: fc.Arbitrary<unknown> = fc.oneof(
  fc.dictionary(fc.constantFrom(...FIELD_NAMES), hostileValue, { minKeys: 1, maxKeys: 5 }),
  hostileValue,
  // 200 levels of nesting: parsers that recurse must not fall over.
  fc.constant(JSON.parse(`${"[".repeat(200)}${"]".repeat(200)}`)),
);

const hostileSegment = fc.oneof(
  fc.constantFrom(...HOSTILE_STRINGS.filter((value) => value.length > 0 && value.length < 1000)),
  fc.string({ unit: "binary", minLength: 1, maxLength: 40 }),
);

/** A lone surrogate cannot be percent-encoded as UTF-8; send its replacement, as browsers do. */
function wellFormed(value: string): string {
  return value.replace(
    /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g,
    "\ufffd",
  );
}

function encodeSegment(value: string): string {
  return encodeURIComponent(wellFormed(value));
}

function fillTemplate(template: string, segments: string[]): string {
  let index = 0;
  return template.replace(/\[(?:\.\.\.)?[^\]]+\]/g, () => {
    const segment = segments[index % segments.length] as string;
    index += 1;
    return encodeSegment(segment);
  });
}

/** Tables whose rows a refused request must never add to or change. */
async function dataFingerprint(): Promise<string> {
  const [row] = await queryRows<{ fingerprint: string }>(`
    SELECT concat_ws(',',
      (SELECT count(*) FROM customers), (SELECT count(*) FROM orders),
      (SELECT count(*) FROM staff_users), (SELECT count(*) FROM conversations),
      (SELECT count(*) FROM customer_sessions), (SELECT count(*) FROM messages),
      (SELECT count(*) FROM runs), (SELECT count(*) FROM pending_actions),
      (SELECT count(*) FROM approval_decisions), (SELECT count(*) FROM refunds),
      (SELECT count(*) FROM outbox_emails), (SELECT count(*) FROM inbound_emails),
      (SELECT count(*) FROM dispute_tickets), (SELECT count(*) FROM policy_dry_runs),
      (SELECT md5(coalesce(string_agg(id || ':' || status::text || ':' || coalesce(number, 0) || ':' || md5(document::text), ';' ORDER BY id), '')) FROM policy_versions),
      (SELECT md5(coalesce(string_agg(key || '=' || value::text, ';' ORDER BY key), '')) FROM settings),
      (SELECT md5(coalesce(string_agg(id || ':' || role::text || ':' || active::text || ':' || session_version, ';' ORDER BY id), '')) FROM staff_users)
    ) AS fingerprint`);
  return row?.fingerprint ?? "";
}

async function waitForQuietAgent(): Promise<void> {
  await expect
    .poll(
      async () =>
        (
          await queryRows<{ active: number }>(
            "SELECT count(*)::int AS active FROM runs WHERE status IN ('queued', 'running')",
          )
        )[0]?.active,
      // Earlier specs' agent turns finish in seconds, but the machine may be busy.
      { timeout: 60_000 },
    )
    .toBe(0);
}

const contexts = new Map<Caller, APIRequestContext>();
let shopper: BrowserContext | undefined;

test.beforeAll(async ({ browser, baseURL }) => {
  test.setTimeout(180_000);
  const extraHTTPHeaders = { Connection: "close", Origin: baseURL as string };
  contexts.set("anonymous", await playwrightRequest.newContext({ baseURL, extraHTTPHeaders }));
  for (const role of STAFF_ROLES) {
    contexts.set(
      role,
      await playwrightRequest.newContext({
        baseURL,
        storageState: staffStorageState(role),
        extraHTTPHeaders,
      }),
    );
  }
  shopper = await browser.newContext();
  await openWidgetAs(await shopper.newPage(), "Sam Rivera");
  contexts.set(
    "widget",
    await playwrightRequest.newContext({
      baseURL,
      storageState: await shopper.storageState(),
      extraHTTPHeaders,
    }),
  );
});

test.afterAll(async () => {
  await Promise.all([...contexts.values()].map((context) => context.dispose()));
  await shopper?.close();
});

const STREAMS = new Set(["/api/events", "/api/widget/events"]);
const SAMPLES_PER_CALLER = 4;

function send(
  api: APIRequestContext,
  method: string,
  url: string,
  body: unknown,
): Promise<APIResponse> {
  const options = { data: Buffer.from(JSON.stringify(body) ?? "null"), timeout: 60_000 };
  const headers = { "Content-Type": "application/json" };
  switch (method) {
    case "GET":
      return api.get(url, { timeout: 60_000 });
    case "POST":
      return api.post(url, { ...options, headers });
    case "PUT":
      return api.put(url, { ...options, headers });
    case "PATCH":
      return api.patch(url, { ...options, headers });
    default:
      return api.delete(url, { ...options, headers });
  }
}

const routes = discoverRoutes();

/*
 * Percent-escapes that are not UTF-8, sent raw (never re-encoded): cut off, a lone byte, overlong,
 * an encoded surrogate, not hex. A path holding one names nothing, on any route.
 */
const MALFORMED_ESCAPES = ["%E0%A4%A", "%FF", "%C0%AF", "%ED%A0%80", "%", "%ZZ", "a%E2%82"];

/** The route's path with a malformed escape in each dynamic segment, or appended to a static one. */
function malformedPath(template: string, badEscape: string): string {
  const filled = template.replace(/\[(?:\.\.\.)?[^\]]+\]/g, badEscape);
  return filled === template ? `${template}/${badEscape}` : filled;
}

test("the route list is read from app/api", () => {
  expect(routes.length).toBeGreaterThan(20);
  expect(routes.every((route) => route.methods.length > 0)).toBe(true);
});

for (const route of routes) {
  test(`${route.methods.join("/")} ${route.template}: no 5xx, refused requests write nothing`, async () => {
    await waitForQuietAgent();
    const seed = [...route.template].reduce(
      (sum, char) => (sum * 31 + char.charCodeAt(0)) >>> 0,
      7,
    );
    const cases = fc.sample(
      fc.record({
        segments: fc.array(hostileSegment, { minLength: 1, maxLength: 3 }),
        query: fc.dictionary(
          fc.constantFrom("q", "from", "to", "status", "cursor", "kind"),
          hostileSegment,
          {
            maxKeys: 3,
          },
        ),
        body: hostileBody,
      }),
      { seed, numRuns: SAMPLES_PER_CALLER * 5 },
    );
    let sample = 0;
    for (const caller of ["anonymous", "agent", "approver", "admin", "widget"] as const) {
      for (const method of route.methods) {
        if (method === "GET" && STREAMS.has(route.template) && caller !== "anonymous") continue;
        for (let attempt = 0; attempt < SAMPLES_PER_CALLER; attempt += 1) {
          const drawn = cases[sample % cases.length] as (typeof cases)[number];
          sample += 1;
          const query = new URLSearchParams(
            Object.entries(drawn.query).map(([key, value]) => [key, wellFormed(value)]),
          ).toString();
          const url = `${fillTemplate(route.template, drawn.segments)}${query ? `?${query}` : ""}`;
          const before = await dataFingerprint();
          const response = await send(
            contexts.get(caller) as APIRequestContext,
            method,
            url,
            drawn.body,
          );
          const status = response.status();
          const described = `${caller} ${method} ${url.slice(0, 200)} → ${status}`;
          expect(status, `${described}: ${(await response.text()).slice(0, 300)}`).toBeLessThan(
            500,
          );
          if (status >= 400) {
            expect(await dataFingerprint(), `${described} wrote rows`).toBe(before);
          } else {
            await waitForQuietAgent();
          }
        }
      }
    }
  });
}

test("malformed percent-escapes in any route's path: 400 problem+json, nothing written", async () => {
  await waitForQuietAgent();
  for (const route of routes) {
    for (const caller of ["anonymous", "agent", "widget"] as const) {
      for (const method of route.methods) {
        for (const badEscape of MALFORMED_ESCAPES) {
          const url = malformedPath(route.template, badEscape);
          const before = await dataFingerprint();
          const response = await send(contexts.get(caller) as APIRequestContext, method, url, {
            text: "hello",
          });
          const described = `${caller} ${method} ${url} → ${response.status()}`;
          expect(response.status(), described).toBe(400);
          expect(response.headers()["content-type"], described).toBe("application/problem+json");
          expect(((await response.json()) as { code: string }).code, described).toBe(
            "MALFORMED_PATH",
          );
          expect(await dataFingerprint(), `${described} wrote rows`).toBe(before);
        }
      }
    }
  }
});
