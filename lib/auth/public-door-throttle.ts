import type { ThrottleLimit } from "@/lib/auth/login-throttle-policy";
import { normalEmailAddress } from "@/lib/domain/email-address";

/*
 * How fast the public doors take messages. Each message is an agent turn that costs a model call,
 * so a customer (widget) or a sender (inbound email) gets a steady allowance: ten messages in a
 * window, then a wait until it ends. Counted before the message is stored, under a row lock, so a
 * burst of parallel messages cannot all slip under the limit.
 */

const MINUTE_MS = 60_000;

export const widgetMessageLimit: ThrottleLimit = {
  freeFailures: 10,
  windowMs: MINUTE_MS,
  firstDelayMs: MINUTE_MS,
  maxDelayMs: MINUTE_MS,
};

export const inboundEmailLimit: ThrottleLimit = {
  freeFailures: 10,
  windowMs: 10 * MINUTE_MS,
  firstDelayMs: 10 * MINUTE_MS,
  maxDelayMs: 10 * MINUTE_MS,
};

export function widgetMessageKey(customerId: string): string {
  return `widget-message:customer:${customerId}`;
}

export function inboundEmailKey(sender: string): string {
  return `inbound-email:sender:${normalEmailAddress(sender)}`;
}
