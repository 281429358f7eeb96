import "server-only";
import { z } from "zod";
import { lockRemainingMs, secondsToWait } from "@/lib/auth/login-throttle-policy";
import { verifyIdentityToken } from "@/lib/auth/widget-identity-token";
import {
  orderCheckEmailKey,
  orderCheckEmailLimit,
  orderCheckIpKey,
  orderCheckIpLimit,
} from "@/lib/auth/widget-order-check-throttle";
import { createWidgetSessionToken } from "@/lib/auth/widget-session-cookie";
import { normalEmailAddress } from "@/lib/domain/email-address";
import { type Language, languageSchema } from "@/lib/domain/languages";
import { AppError } from "@/lib/errors/app-error";
import type { IdentityMethod, PrismaClient, Workspace } from "@/lib/generated/prisma/client";
import { appendAuditEvents } from "@/lib/server/audit/append-audit-events";
import { publishRealtime } from "@/lib/server/realtime/publish";
import {
  claimSignInAttempt,
  clearThrottles,
  findThrottleStates,
  recordThrottleFailure,
} from "@/lib/server/repositories/login-throttle-repository";
import { readCustomerOrdersFromStore } from "@/lib/server/services/commerce/read-customer-orders";
import type { UseCaseContext } from "@/lib/server/use-case-context";
import { applyCustomerLanguage } from "./choose-widget-language";
import { findWorkspace } from "./find-workspace";
import { lookupWidgetSession } from "./resolve-widget-session";

export const workspaceKeySchema = z.string().trim().min(1).max(100);

// A language the customer picked before the chat opened, applied to the conversation it opens.
const chosenLanguage = languageSchema.optional();

export const startWidgetSessionSchema = z.discriminatedUnion("method", [
  z.object({
    workspace: workspaceKeySchema,
    language: chosenLanguage,
    method: z.literal("order_check"),
    email: z.email("Enter the email address you ordered with").max(320),
    orderNumber: z.string().trim().min(1, "Enter your order number").max(40),
  }),
  z.object({
    workspace: workspaceKeySchema,
    language: chosenLanguage,
    method: z.literal("signed_token"),
    token: z.string().min(1).max(4096),
  }),
]);

export type WidgetIdentityProof = z.output<typeof startWidgetSessionSchema>;

export type StartWidgetSessionInput = WidgetIdentityProof & {
  /** The client address as far as trusted proxies vouch for it; null when unknown. */
  ip: string | null;
  /** The widget cookie this browser already holds, if any. */
  currentToken?: string;
};

export type StartedWidgetSession = { token: string; customerName: string; conversationId: string };

// Says that the pair does not match, never which half is wrong: an email alone reveals nothing.
const WRONG_PAIR = "We couldn't find an order with that email address and order number.";

/**
 * A customer proves who they are and gets a chat session bound to one conversation: their open
 * widget conversation with this shop if there is one (so nothing is lost), else a new one. When
 * this browser already holds a live session for the same customer and shop (a reload), that
 * session goes on: quotes it was shown stay confirmable, as the customer still has them on screen.
 */
export async function startWidgetSession(
  input: StartWidgetSessionInput,
  context: Pick<UseCaseContext, "db" | "now" | "commerce" | "logger">,
): Promise<StartedWidgetSession> {
  const { db } = context;
  const now = context.now();
  const atThisMoment = { ...context, now: () => now };
  const workspace = await findWorkspace({ key: input.workspace }, atThisMoment);
  const customerId =
    input.method === "signed_token"
      ? await verifyTokenIdentity(atThisMoment, workspace, input.token)
      : await verifyOrderIdentity(atThisMoment, workspace, input);
  const current = await lookupWidgetSession({ token: input.currentToken }, atThisMoment);
  if (
    input.currentToken &&
    current.state === "active" &&
    current.session.customerId === customerId &&
    current.session.workspaceId === workspace.id
  ) {
    const { language } = input;
    if (language) {
      await db.$transaction((tx) =>
        applyCustomerLanguage(tx, {
          conversationId: current.session.conversationId,
          customerId,
          language,
          now,
        }),
      );
    }
    return {
      token: input.currentToken,
      customerName: current.session.customer.name,
      conversationId: current.session.conversationId,
    };
  }
  return openSession(db, workspace, customerId, input.method, input.language, now);
}

type StoreReadingContext = Pick<UseCaseContext, "db" | "now" | "commerce" | "logger">;

async function verifyTokenIdentity(
  context: StoreReadingContext,
  workspace: Workspace,
  token: string,
): Promise<string> {
  const { db } = context;
  const verdict = await verifyIdentityToken(token, workspace.identitySecret, context.now());
  if (!verdict.ok) {
    const detail =
      verdict.reason === "expired"
        ? "Your sign-in to the shop has expired. Reload the shop's page to continue."
        : "The shop's sign-in could not be verified, so the chat cannot open for this account.";
    throw new AppError("UNAUTHENTICATED", detail, {
      extensions: { reason: verdict.reason === "expired" ? "TOKEN_EXPIRED" : "TOKEN_INVALID" },
    });
  }
  const email = normalEmailAddress(verdict.claims.email);
  // The token names the customer by Countersign's id or by the store's own (a Shopify customer
  // gid); a customer the store knows but Countersign has not met yet is read from the store.
  const findCustomer = () =>
    db.customer.findFirst({
      where: {
        workspaceId: workspace.id,
        OR: [{ id: verdict.claims.customerId }, { externalId: verdict.claims.customerId }],
      },
    });
  let customer = await findCustomer();
  if (!customer) {
    await readCustomerOrdersFromStore({ workspaceId: workspace.id, email }, context);
    customer = await findCustomer();
  }
  // A shop's secret vouches for that shop's customers only.
  if (!customer || customer.email !== email) {
    throw new AppError(
      "UNAUTHENTICATED",
      "The shop's sign-in could not be verified, so the chat cannot open for this account.",
      { extensions: { reason: "TOKEN_INVALID" } },
    );
  }
  return customer.id;
}

async function verifyOrderIdentity(
  context: StoreReadingContext,
  workspace: Workspace,
  input: Extract<StartWidgetSessionInput, { method: "order_check" }>,
): Promise<string> {
  const { db } = context;
  const now = context.now();
  if (workspace.enforceIdentityToken) {
    throw new AppError(
      "FORBIDDEN",
      "This shop opens the chat for signed-in customers only. Sign in on the shop's site first.",
      { extensions: { reason: "IDENTITY_TOKEN_REQUIRED" } },
    );
  }
  const emailKey = orderCheckEmailKey(input.email);
  const ipKey = input.ip ? orderCheckIpKey(input.ip) : null;
  const [ipState] = ipKey ? await findThrottleStates(db, [ipKey]) : [];
  assertNotLocked(lockRemainingMs(ipState ?? null, now));
  // Counted before the check under a row lock, so a burst of parallel guesses cannot all slip
  // under the limit; the fifth failure locks the email for the limit's wait.
  const attempt = await claimSignInAttempt(db, emailKey, now, orderCheckEmailLimit);
  if (!attempt.allowed) assertNotLocked(lockRemainingMs(attempt.state, now));

  const email = normalEmailAddress(input.email);
  // A store's order is read from it first (only if it is this email's), so a customer Countersign
  // has not met yet can sign in with the order number from their order email.
  await readCustomerOrdersFromStore(
    { workspaceId: workspace.id, email, orderNumber: input.orderNumber.trim() },
    context,
  );
  const order = await db.order.findFirst({
    where: {
      number: { in: orderNumberForms(input.orderNumber) },
      customer: { email, workspaceId: workspace.id },
    },
    select: { customerId: true },
  });
  if (!order) {
    if (ipKey) await recordThrottleFailure(db, ipKey, now, orderCheckIpLimit);
    throw new AppError("UNAUTHENTICATED", WRONG_PAIR, { extensions: { reason: "NO_MATCH" } });
  }
  await clearThrottles(db, [emailKey]);
  return order.customerId;
}

/** As typed ("a1043", "#1001"), and for bare digits also with a store's "#" ("1001" → "#1001"). */
function orderNumberForms(typed: string): string[] {
  const number = typed.trim().toUpperCase();
  return /^\d+$/.test(number) ? [number, `#${number}`] : [number];
}

function assertNotLocked(remainingMs: number): void {
  if (remainingMs === 0) return;
  const minutes = Math.ceil(secondsToWait(remainingMs) / 60);
  throw new AppError(
    "RATE_LIMITED",
    `Too many attempts. Try again in ${minutes} minute${minutes === 1 ? "" : "s"}.`,
    { extensions: { retryAfterSeconds: Math.ceil(remainingMs / 1000) } },
  );
}

async function openSession(
  db: PrismaClient,
  workspace: Workspace,
  customerId: string,
  identityMethod: Exclude<IdentityMethod, "demo_story">,
  language: Language | undefined,
  now: Date,
): Promise<StartedWidgetSession> {
  const { token, tokenHash } = createWidgetSessionToken();
  return db.$transaction(async (tx) => {
    // One customer's sessions open one at a time, so a double-submitted sign-in finds the
    // conversation the first one opened instead of opening a second.
    const [customer] = await tx.$queryRaw<{ name: string }[]>`
      SELECT name FROM customers WHERE id = ${customerId} FOR UPDATE`;
    if (!customer) throw new AppError("NOT_FOUND", "No such customer");
    const ongoing = await tx.conversation.findFirst({
      where: {
        customerId,
        channel: "chat",
        resolvedAt: null,
        sessions: { some: { workspaceId: workspace.id } },
      },
      orderBy: { lastMessageAt: "desc" },
      select: { id: true },
    });
    const conversation =
      ongoing ??
      (await tx.conversation.create({
        data: {
          channel: "chat",
          status: "waiting_on_customer",
          customerId,
          subject: `Chat on ${workspace.name}`,
          lastMessageAt: now,
        },
        select: { id: true },
      }));
    if (!ongoing) {
      await publishRealtime(tx, {
        topic: "conversation.created",
        conversationId: conversation.id,
        payload: { conversationId: conversation.id, channel: "chat" },
      });
    }
    const session = await tx.customerSession.create({
      data: {
        customerId,
        conversationId: conversation.id,
        workspaceId: workspace.id,
        identityMethod,
        tokenHash,
        createdAt: now,
        lastSeenAt: now,
      },
    });
    await appendAuditEvents(tx, [
      {
        kind: "widget_session.started",
        subjectType: "customer_session",
        subjectId: session.id,
        actor: { type: "customer", customerId },
        occurredAt: now,
        payload: {
          conversationId: conversation.id,
          customerId,
          workspaceId: workspace.id,
          identityMethod,
        },
      },
    ]);
    if (language) {
      await applyCustomerLanguage(tx, {
        conversationId: conversation.id,
        customerId,
        language,
        now,
      });
    }
    return { token, customerName: customer.name, conversationId: conversation.id };
  });
}
