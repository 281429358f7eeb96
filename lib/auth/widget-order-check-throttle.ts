import type { ThrottleLimit } from "@/lib/auth/login-throttle-policy";
import { normalEmailAddress } from "@/lib/domain/email-address";

/*
 * The email + order number check is a guessable secret (order numbers are short), so failures
 * are counted like staff sign-ins: per email (what stops guessing one customer's orders) and,
 * more loosely, per IP (many shoppers can share one network).
 */

const MINUTE_MS = 60_000;

export const orderCheckEmailLimit: ThrottleLimit = {
  freeFailures: 5,
  windowMs: 15 * MINUTE_MS,
  firstDelayMs: 15 * MINUTE_MS,
  maxDelayMs: 15 * MINUTE_MS,
};

export const orderCheckIpLimit: ThrottleLimit = {
  freeFailures: 30,
  windowMs: 15 * MINUTE_MS,
  firstDelayMs: 15 * MINUTE_MS,
  maxDelayMs: 15 * MINUTE_MS,
};

export function orderCheckEmailKey(email: string): string {
  return `widget-order-check:email:${normalEmailAddress(email)}`;
}

export function orderCheckIpKey(ip: string): string {
  return `widget-order-check:ip:${ip}`;
}
