import "server-only";
import bcrypt from "bcryptjs";
import {
  accountThrottleKey,
  accountThrottleLimit,
  ipThrottleKey,
  ipThrottleLimit,
  lockRemainingMs,
  minutesToWait,
  type ThrottleState,
} from "@/lib/auth/login-throttle-policy";
import type { StaffRole } from "@/lib/generated/prisma/client";
import {
  clearThrottle,
  findThrottleStates,
  recordThrottleFailure,
} from "@/lib/server/repositories/login-throttle-repository";
import {
  findStaffUserForSignIn,
  recordStaffSignIn,
} from "@/lib/server/repositories/staff-user-repository";

export type SignInStaffInput = { email: string; password: string; ip: string | null; now: Date };

export type SignedInStaff = { id: string; email: string; name: string; role: StaffRole };

export type SignInStaffResult =
  | { ok: true; user: SignedInStaff }
  | { ok: false; reason: "invalid_credentials" }
  | { ok: false; reason: "locked"; retryAfterMinutes: number };

// Compared against when the email is unknown, so a miss costs the same time as a wrong password
// and response timing does not reveal which staff emails exist.
let unknownUserHash: string | undefined;
function hashForUnknownUser(): string {
  unknownUserHash ??= bcrypt.hashSync("countersign-unknown-user", 10);
  return unknownUserHash;
}

function locked(remainingMs: number): SignInStaffResult {
  return { ok: false, reason: "locked", retryAfterMinutes: minutesToWait(remainingMs) };
}

function lockedResult(states: ThrottleState[], now: Date): SignInStaffResult | null {
  const remainingMs = Math.max(0, ...states.map((state) => lockRemainingMs(state, now)));
  return remainingMs === 0 ? null : locked(remainingMs);
}

export async function signInStaff({
  email,
  password,
  ip,
  now,
}: SignInStaffInput): Promise<SignInStaffResult> {
  const accountKey = accountThrottleKey(email);
  const ipKey = ip ? ipThrottleKey(ip) : null;

  // While locked the password is not even checked, so guesses teach an attacker nothing.
  const lockedBefore = lockedResult(
    await findThrottleStates(ipKey ? [accountKey, ipKey] : [accountKey]),
    now,
  );
  if (lockedBefore) return lockedBefore;

  // The attempt is counted against the account before the password is checked: otherwise a
  // burst of parallel guesses would all pass the check above before any failure was recorded.
  const account = await recordThrottleFailure(accountKey, now, accountThrottleLimit);
  if (account.failures > accountThrottleLimit.maxFailures) {
    return locked(lockRemainingMs(account, now));
  }

  const user = await findStaffUserForSignIn(email);
  const passwordMatches = await bcrypt.compare(
    password,
    user?.passwordHash ?? hashForUnknownUser(),
  );

  if (user?.active && passwordMatches) {
    // Only the account counter resets: one valid login must not wipe an IP's record of guesses.
    await clearThrottle(accountKey);
    await recordStaffSignIn(user.id, now);
    return { ok: true, user: { id: user.id, email: user.email, name: user.name, role: user.role } };
  }

  // IPs count failures only, so a busy office signing in all morning never locks itself out.
  const ipStates = ipKey ? [await recordThrottleFailure(ipKey, now, ipThrottleLimit)] : [];
  // The attempt that reaches the limit already says so, rather than one attempt later.
  return lockedResult([account, ...ipStates], now) ?? { ok: false, reason: "invalid_credentials" };
}
