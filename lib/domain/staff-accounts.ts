import { z } from "zod";
import { type Role, roleSchema } from "./authz";

/*
 * Rules for staff accounts that hold whatever stores them: what a new account needs, how long a
 * password must be, and that the team always keeps at least one active admin (otherwise nobody
 * could manage accounts or settings without SQL).
 */

export const MIN_PASSWORD_LENGTH = 12;
// bcrypt reads at most 72 bytes; sign-in accepts up to 200 characters, so a longer one could never sign in.
export const MAX_PASSWORD_LENGTH = 72;

export const staffPasswordSchema = z
  .string()
  .min(MIN_PASSWORD_LENGTH, `Use at least ${MIN_PASSWORD_LENGTH} characters`)
  .max(MAX_PASSWORD_LENGTH, `Use at most ${MAX_PASSWORD_LENGTH} characters`)
  .refine((password) => new TextEncoder().encode(password).length <= MAX_PASSWORD_LENGTH, {
    message: `Use at most ${MAX_PASSWORD_LENGTH} bytes`,
  });

export const newStaffAccountSchema = z.object({
  email: z.string().trim().toLowerCase().pipe(z.email("Enter an email address").max(320)),
  name: z.string().trim().min(1, "Enter a name").max(120),
  role: roleSchema,
});
export type NewStaffAccount = z.infer<typeof newStaffAccountSchema>;

export type StaffAccountState = { id: string; role: Role; active: boolean };

/** What an admin asks to change about one account. */
export type StaffAccountChange = { role?: Role; active?: boolean };

/** True when the team would still have an active admin after `change` is applied to `targetId`. */
export function leavesAnActiveAdmin(
  accounts: readonly StaffAccountState[],
  targetId: string,
  change: StaffAccountChange,
): boolean {
  return accounts.some((account) => {
    const after = account.id === targetId ? { ...account, ...change } : account;
    return after.active && after.role === "admin";
  });
}
