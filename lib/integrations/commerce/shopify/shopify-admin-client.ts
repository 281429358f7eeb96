import { createAdminApiClient } from "@shopify/admin-api-client";

/*
 * One shop's GraphQL Admin API, through Shopify's own client (@shopify/admin-api-client) with its
 * retries off: this file decides what is retried. Throttling is waited out a bounded number of
 * times (Shopify refuses a throttled request before running it, so repeating it is safe); a
 * dropped connection, a timeout or a 5xx is never repeated here, because for a mutation it leaves
 * the outcome unknown.
 *
 * With `apiUrl` (SHOPIFY_API_URL: a test double or an egress proxy) every request goes to
 * `${apiUrl}/admin/api/<version>/graphql.json` instead of `https://<shop>/admin/api/…`, and names
 * the shop in the `X-Countersign-Shop-Domain` header so one double can serve many shops.
 */

/**
 * The Admin API version every request names: the latest stable release (Shopify releases one a
 * quarter and supports each for at least twelve months). From 2026-04 `refundCreate` requires the
 * `@idempotent(key:)` directive, which the payment adapter always sends.
 */
export const SHOPIFY_API_VERSION = "2026-10";

export const SHOP_DOMAIN_HEADER = "X-Countersign-Shop-Domain";

export type ShopifyAdminClientOptions = {
  shopDomain: string;
  accessToken: string;
  apiUrl?: string;
  /** Per request; a request still unanswered then is abandoned (its outcome unknown). */
  timeoutMs?: number;
  /** How many times a throttled request is waited out and sent again before giving up. */
  throttleRetries?: number;
  /** The longest single wait for the cost bucket to refill; a longer one gives up at once. */
  maxThrottleWaitMs?: number;
  sleep?: (ms: number) => Promise<void>;
};

export type ShopifyFailureKind =
  /** 401/403, or the token lacks a scope (ACCESS_DENIED). */
  | "authentication"
  /** Still throttled after the retries. */
  | "throttled"
  /** No answer: refused, dropped or timed out. */
  | "network"
  /** HTTP 5xx, or a GraphQL error that does not say the operation did not run. */
  | "server"
  /** GraphQL errors in a 200 that say the operation did not run (a bad query, an unknown id). */
  | "graphql"
  /** An answer this client cannot read. */
  | "invalid";

export class ShopifyRequestError extends Error {
  override name = "ShopifyRequestError";
  constructor(
    readonly kind: ShopifyFailureKind,
    message: string,
    readonly retryAfterMs: number | null = null,
    readonly graphQLErrors: ShopifyGraphQLError[] = [],
  ) {
    super(message);
  }
}

export type ShopifyGraphQLError = {
  message: string;
  path?: (string | number)[];
  extensions?: { code?: string; [key: string]: unknown };
};

type ThrottleStatus = {
  maximumAvailable: number;
  currentlyAvailable: number;
  restoreRate: number;
};

type CostExtension = {
  requestedQueryCost?: number;
  actualQueryCost?: number | null;
  throttleStatus?: ThrottleStatus;
};

export type ShopifyAdminClient = {
  readonly shopDomain: string;
  /** The data of one operation; throws ShopifyRequestError for anything else. */
  request<T>(operation: string, variables?: Record<string, unknown>): Promise<T>;
};

/**
 * GraphQL error codes Shopify gives before running anything: the query did not parse or validate,
 * was too expensive, or was refused. Any other error (INTERNAL_SERVER_ERROR, none) may come from
 * an operation that ran, so for a mutation its outcome is unknown.
 */
const NOT_RUN_CODES = new Set([
  "BAD_REQUEST",
  "MAX_COST_EXCEEDED",
  "undefinedField",
  "undefinedType",
  "argumentLiteralsIncompatible",
  "argumentNotAccepted",
  "missingRequiredArguments",
  "missingRequiredInputObjectAttribute",
  "variableMismatch",
  "variableNotUsed",
  "variableNotDefined",
  "parseError",
  "selectionMismatch",
]);

const DEFAULT_TIMEOUT_MS = 20_000;
const DEFAULT_THROTTLE_RETRIES = 3;
const DEFAULT_MAX_THROTTLE_WAIT_MS = 10_000;

/** How long until the bucket holds what the request costs, from the answer's cost extension. */
export function restoreWaitMs(cost: CostExtension | undefined): number | null {
  const status = cost?.throttleStatus;
  if (!status || status.restoreRate <= 0) return null;
  const needed = (cost.requestedQueryCost ?? 0) - status.currentlyAvailable;
  return Math.max(0, Math.ceil((needed / status.restoreRate) * 1000));
}

function retryAfterMsOf(headers: Headers | undefined): number | null {
  const value = headers?.get("retry-after");
  if (!value) return null;
  const seconds = Number(value);
  return Number.isFinite(seconds) && seconds >= 0 ? Math.ceil(seconds * 1000) : null;
}

export function createShopifyAdminClient(options: ShopifyAdminClientOptions): ShopifyAdminClient {
  const apiUrl = options.apiUrl?.replace(/\/+$/, "");
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const throttleRetries = options.throttleRetries ?? DEFAULT_THROTTLE_RETRIES;
  const maxWaitMs = options.maxThrottleWaitMs ?? DEFAULT_MAX_THROTTLE_WAIT_MS;
  const sleep =
    options.sleep ?? ((ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)));

  const client = createAdminApiClient({
    storeDomain: options.shopDomain,
    apiVersion: SHOPIFY_API_VERSION,
    accessToken: options.accessToken,
    userAgentPrefix: "Countersign",
    retries: 0,
    // The client warns on the console about versions it does not list; the version is pinned.
    logger: () => {},
    ...(apiUrl && {
      customFetchApi: (url: string, init?: RequestInit) => {
        const path = new URL(url).pathname;
        const headers = new Headers(init?.headers);
        headers.set(SHOP_DOMAIN_HEADER, options.shopDomain);
        return fetch(`${apiUrl}${path}`, { ...init, headers });
      },
    }),
  });

  /** One attempt: the data, or a throttle to wait out, or a failure. */
  async function attempt<T>(
    operation: string,
    variables: Record<string, unknown> | undefined,
  ): Promise<{ data: T } | { throttledForMs: number | null }> {
    const response = await client.request<T>(operation, {
      ...(variables && { variables }),
      signal: AbortSignal.timeout(timeoutMs),
    });
    const errors = response.errors;
    if (!errors) {
      if (response.data === undefined || response.data === null) {
        throw new ShopifyRequestError("invalid", "Shopify answered with no data");
      }
      return { data: response.data as T };
    }
    const status = errors.networkStatusCode;
    const graphQLErrors = (errors.graphQLErrors ?? []) as ShopifyGraphQLError[];
    if (status === undefined) {
      throw new ShopifyRequestError("network", `Shopify did not answer: ${errors.message ?? ""}`);
    }
    if (status === 429) return { throttledForMs: retryAfterMsOf(errors.response?.headers) };
    if (status === 401 || status === 403) {
      throw new ShopifyRequestError(
        "authentication",
        `Shopify refused the access token (HTTP ${status})`,
      );
    }
    if (status >= 500) {
      throw new ShopifyRequestError("server", `Shopify answered HTTP ${status}`);
    }
    if (status !== 200) {
      throw new ShopifyRequestError("invalid", `Shopify answered HTTP ${status}`);
    }
    const codes = graphQLErrors.map((error) => error.extensions?.code);
    if (codes.includes("THROTTLED")) {
      return { throttledForMs: restoreWaitMs(response.extensions?.cost as CostExtension) };
    }
    if (codes.includes("ACCESS_DENIED")) {
      throw new ShopifyRequestError(
        "authentication",
        `Shopify denied access: ${graphQLErrors.map((error) => error.message).join("; ")}`,
      );
    }
    if (graphQLErrors.length === 0) {
      // A 200 whose body could not be read (or was cut off): nothing is known about it.
      throw new ShopifyRequestError(
        "invalid",
        `Shopify's answer could not be read: ${errors.message ?? ""}`,
      );
    }
    const messages = graphQLErrors.map((error) => error.message).join("; ");
    const notRun = graphQLErrors.every((error) => NOT_RUN_CODES.has(error.extensions?.code ?? ""));
    throw new ShopifyRequestError(
      notRun ? "graphql" : "server",
      notRun
        ? `Shopify refused the request: ${messages}`
        : `Shopify failed the request: ${messages}`,
      null,
      graphQLErrors,
    );
  }

  return {
    shopDomain: options.shopDomain,
    async request<T>(operation: string, variables?: Record<string, unknown>): Promise<T> {
      for (let tries = 0; ; tries += 1) {
        const result = await attempt<T>(operation, variables);
        if ("data" in result) return result.data;
        const waitMs = result.throttledForMs ?? 1000;
        if (tries >= throttleRetries || waitMs > maxWaitMs) {
          throw new ShopifyRequestError(
            "throttled",
            `Shopify is throttling ${options.shopDomain}'s API calls; try again in ${Math.ceil(waitMs / 1000)} s`,
            waitMs,
          );
        }
        await sleep(waitMs);
      }
    },
  };
}
