/**
 * The error strings next-auth carries from `authorize` to the login form. They are part of the
 * contract between the two, so both sides read them from here.
 */
export const INVALID_CREDENTIALS = "CredentialsSignin";

const LOCKED_PREFIX = "LOCKED:";

export function lockedError(retryAfterMinutes: number): string {
  return `${LOCKED_PREFIX}${retryAfterMinutes}`;
}

export function signInErrorMessage(error: string): string {
  if (error.startsWith(LOCKED_PREFIX)) {
    const minutes = Number.parseInt(error.slice(LOCKED_PREFIX.length), 10) || 15;
    return `Too many attempts, try again in ${minutes} minute${minutes === 1 ? "" : "s"}.`;
  }
  if (error === INVALID_CREDENTIALS) return "Wrong email or password.";
  return "Sign-in failed. Please try again.";
}
