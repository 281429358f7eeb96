/**
 * The error strings next-auth carries from `authorize` to the login form. They are part of the
 * contract between the two, so both sides read them from here.
 */
export const INVALID_CREDENTIALS = "CredentialsSignin";

const LOCKED_PREFIX = "LOCKED:";

export function lockedError(retryAfterSeconds: number): string {
  return `${LOCKED_PREFIX}${retryAfterSeconds}`;
}

function describeWait(seconds: number): string {
  if (seconds < 60) return `${seconds} second${seconds === 1 ? "" : "s"}`;
  const minutes = Math.ceil(seconds / 60);
  return `${minutes} minute${minutes === 1 ? "" : "s"}`;
}

/** For the server's answer to a sign-in attempt, which says how long to wait. */
export function signInErrorMessage(error: string): string {
  if (error.startsWith(LOCKED_PREFIX)) {
    const seconds = Number.parseInt(error.slice(LOCKED_PREFIX.length), 10);
    if (Number.isSafeInteger(seconds) && seconds > 0) {
      return `Too many attempts, try again in ${describeWait(seconds)}.`;
    }
    return "Too many attempts, wait a little and try again.";
  }
  if (error === INVALID_CREDENTIALS) return "Wrong email or password.";
  return "Sign-in failed. Please try again.";
}

/**
 * For an `?error=` in the address bar. Anyone can write a link, so it never carries a wait time
 * (`?error=LOCKED:999` must not tell staff to go away for 16 hours): only the server's own answer
 * to an attempt does.
 */
export function linkErrorMessage(error: string): string {
  if (error.startsWith(LOCKED_PREFIX)) return "Too many attempts, wait a little and try again.";
  return signInErrorMessage(error);
}
