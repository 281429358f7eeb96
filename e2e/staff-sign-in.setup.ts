import { test as setup } from "@playwright/test";
import { STAFF_ROLES, signIn, staffStorageState } from "./support/staff-sign-in";

/*
 * Each seeded role signs in through the form once per run; the specs start from the stored
 * session instead of signing in again. No spec may sign these users out or deactivate them
 * (sign-out revokes every session of its user): such specs use users of their own.
 */
for (const role of STAFF_ROLES) {
  setup(`the ${role} signs in once for every spec`, async ({ page }) => {
    await signIn(page, role);
    await page.context().storageState({ path: staffStorageState(role) });
  });
}
