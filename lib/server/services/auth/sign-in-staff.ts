import "server-only";
import bcrypt from "bcryptjs";
import {
  accountThrottleKey,
  accountThrottleLimit,
  lockRemainingMs,
  secondsToWait,
  sourceAccountThrottleKey,
  sourceAccountThrottleLimit,
  sourceThrottleKey,
  sourceThrottleLimit,
  type ThrottleState,
} from "@/lib/auth/login-throttle-policy";
import type { StaffRole } from "@/lib/generated/prisma/client";
import {
  claimSignInAttempt,
  clearThrottles,
  findThrottleStates,
  recordThrottleFailure,
} from "@/lib/server/repositories/login-throttle-repository";
import {
  findStaffUserForSignIn,
  recordStaffSignIn,
} from "@/lib/server/repositories/staff-user-repository";
import type { UseCaseContext } from "@/lib/server/use-case-context";

export type SignInStaffInput = {
  email: string;
  password: string;
  /** The client address as far as trusted proxies vouch for it; null when unknown. */
  source: string | null;
};

export type SignedInStaff = {
  id: string;
  email: string;
  name: string;
  role: StaffRole;
  sessionVersion: number;
};

export type SignInStaffResult =
  | { ok: true; user: SignedInStaff }
  | { ok: false; reason: "invalid_credentials" }
  | { ok: false; reason: "locked"; retryAfterSeconds: number };

// Compared against when the email is unknown, so a miss costs the same time as a wrong password
// and response timing does not reveal which staff emails exist.
let unknownUserHash: string | undefined;
function hashForUnknownUser(): string {
  unknownUserHash ??= bcrypt.hashSync("countersign-unknown-user", 10);
  return unknownUserHash;
}

function waitResult(states: ThrottleState[], now: Date): SignInStaffResult | null {
  const remainingMs = Math.max(0, ...states.map((state) => lockRemainingMs(state, now)));
  return remainingMs === 0
    ? null
    : { ok: false, reason: "locked", retryAfterSeconds: secondsToWait(remainingMs) };
}

/*
 * Every answer depends only on the typed email, the source and the counters, never on whether
 * the account exists or is active: unknown and real accounts are throttled and answered alike.
 */
export async function signInStaff(
  { email, password, source }: SignInStaffInput,
  context: Pick<UseCaseContext, "db" | "now">,
): Promise<SignInStaffResult> {
  const { db } = context;
  const now = context.now();
  const pairKey = sourceAccountThrottleKey(source, email);
  const accountKey = accountThrottleKey(email);
  const sourceKey = sourceThrottleKey(source);

  // While waiting the password is not even checked, so guesses teach an attacker nothing.
  const waiting = waitResult(await findThrottleStates(db, [pairKey, accountKey, sourceKey]), now);
  if (waiting) return waiting;

  const claims = [
    await claimSignInAttempt(db, pairKey, now, sourceAccountThrottleLimit),
    await claimSignInAttempt(db, accountKey, now, accountThrottleLimit),
  ];
  const refused = claims.find((claim) => !claim.allowed);
  if (refused)
    return waitResult([refused.state], now) ?? { ok: false, reason: "invalid_credentials" };

  const user = await findStaffUserForSignIn(db, email);
  const passwordMatches = await bcrypt.compare(
    password,
    user?.passwordHash ?? hashForUnknownUser(),
  );

  if (user?.active && passwordMatches) {
    // The source's own counter stays: one valid sign-in must not wipe a record of guesses.
    await clearThrottles(db, [pairKey, accountKey]);
    await recordStaffSignIn(db, user.id, now);
    return {
      ok: true,
      user: {
        id: user.id,
        email: user.email,
        name: user.name,
        role: user.role,
        sessionVersion: user.sessionVersion,
      },
    };
  }

  // Sources count failures only, so a busy office signing in all morning never waits.
  const sourceState = await recordThrottleFailure(db, sourceKey, now, sourceThrottleLimit);
  // The attempt that reaches a limit already says so, rather than one attempt later.
  return (
    waitResult([...claims.map((claim) => claim.state), sourceState], now) ?? {
      ok: false,
      reason: "invalid_credentials",
    }
  );
}
