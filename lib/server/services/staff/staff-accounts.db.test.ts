import { describe, expect, it } from "vitest";
import { PASSWORD_LINK_LIFETIME_SECONDS } from "@/lib/auth/password-link-token";
import { findActiveStaffUser } from "@/lib/server/repositories/staff-user-repository";
import { signInStaff } from "@/lib/server/services/auth/sign-in-staff";
import { seededTestDatabase } from "@/tests/support/test-database-hooks";
import { fixedClock, testUseCaseContext } from "@/tests/support/test-use-case-context";
import { changeStaffRole } from "./change-staff-role";
import { deactivateStaff } from "./deactivate-staff";
import { inviteStaff } from "./invite-staff";
import { resetStaffPassword } from "./reset-staff-password";
import { findPasswordLinkAccount, setPasswordFromLink } from "./set-password-from-link";

process.env.LOG_LEVEL ??= "silent";

/*
 * Staff accounts against real Postgres: an invitation's one-time link, role changes and
 * deactivation applied to the next request, password resets, and the last active admin kept.
 */

const prisma = seededTestDatabase();
const context = testUseCaseContext({ db: prisma });
const passwordLinks = {
  secret: "staff-accounts-test-link-secret-0000",
  appUrl: "http://localhost:3000",
};
const { secret } = passwordLinks;

async function staff(role: "agent" | "approver" | "admin") {
  const user = await prisma.staffUser.findFirstOrThrow({ where: { role } });
  return { ...user, actor: { type: "staff" as const, userId: user.id, roles: [user.role] } };
}

const tokenOf = (url: string) => new URL(url).searchParams.get("token") ?? "";

let source = 0;
// A fresh source per attempt, so the sign-in throttle never decides a test.
const signIn = (email: string, password: string) =>
  signInStaff({ email, password, source: `198.51.100.${++source}` }, context);

async function auditOf(subjectId: string) {
  const events = await prisma.auditEvent.findMany({ where: { subjectId }, orderBy: { id: "asc" } });
  return events.map((event) => [event.kind, event.actorId, event.payload]);
}

const NEW_PASSWORD = "a long new password";

describe("invitations and one-time links", () => {
  it("invites an account that cannot sign in until its link sets a password, once", async () => {
    const admin = await staff("admin");
    const { user, setPasswordUrl } = await inviteStaff(
      {
        account: { email: " Sam@Example.com ", name: "Sam Support", role: "agent" },
        actor: admin.actor,
        passwordLinks,
      },
      context,
    );
    expect(user).toMatchObject({ email: "sam@example.com", name: "Sam Support", role: "agent" });
    expect(new URL(setPasswordUrl).pathname).toBe("/set-password");
    expect((await signIn("sam@example.com", NEW_PASSWORD)).ok).toBe(false);

    expect(
      await findPasswordLinkAccount({ token: tokenOf(setPasswordUrl), secret }, context),
    ).toMatchObject({
      id: user.id,
      email: "sam@example.com",
    });
    await setPasswordFromLink(
      { token: tokenOf(setPasswordUrl), password: NEW_PASSWORD, secret },
      context,
    );
    expect(await signIn("sam@example.com", NEW_PASSWORD)).toMatchObject({ ok: true });

    await expect(
      setPasswordFromLink(
        { token: tokenOf(setPasswordUrl), password: "another long password", secret },
        context,
      ),
    ).rejects.toMatchObject({ code: "CONFLICT", extensions: { reason: "LINK_UNUSABLE" } });
    expect(
      await findPasswordLinkAccount({ token: tokenOf(setPasswordUrl), secret }, context),
    ).toBeNull();
    expect(await auditOf(user.id)).toEqual([
      ["staff.invited", admin.id, { email: "sam@example.com", name: "Sam Support", role: "agent" }],
      ["staff.password_set", user.id, { email: "sam@example.com" }],
    ]);
  });

  it("lets only one of two simultaneous uses of a link set the password", async () => {
    const admin = await staff("admin");
    const { setPasswordUrl } = await inviteStaff(
      {
        account: { email: "race@example.com", name: "Race", role: "agent" },
        actor: admin.actor,
        passwordLinks,
      },
      context,
    );
    const token = tokenOf(setPasswordUrl);
    const results = await Promise.allSettled([
      setPasswordFromLink({ token, password: "first long password", secret }, context),
      setPasswordFromLink({ token, password: "second long password", secret }, context),
    ]);
    expect(results.map((result) => result.status).sort()).toEqual(["fulfilled", "rejected"]);
    expect(await prisma.auditEvent.count({ where: { kind: "staff.password_set" } })).toBe(1);
  });

  it("refuses an expired link and a taken email", async () => {
    const admin = await staff("admin");
    const issuedAt = new Date();
    const { setPasswordUrl } = await inviteStaff(
      {
        account: { email: "late@example.com", name: "Late", role: "agent" },
        actor: admin.actor,
        passwordLinks,
      },
      testUseCaseContext({ db: prisma, now: fixedClock(issuedAt) }),
    );
    const afterLifetime = new Date(
      issuedAt.getTime() + (PASSWORD_LINK_LIFETIME_SECONDS + 60) * 1000,
    );
    await expect(
      setPasswordFromLink(
        { token: tokenOf(setPasswordUrl), password: NEW_PASSWORD, secret },
        testUseCaseContext({ db: prisma, now: fixedClock(afterLifetime) }),
      ),
    ).rejects.toMatchObject({ extensions: { reason: "LINK_UNUSABLE" } });

    await expect(
      inviteStaff(
        {
          account: { email: "AGENT@countersign.test", name: "Copy", role: "admin" },
          actor: admin.actor,
          passwordLinks,
        },
        context,
      ),
    ).rejects.toMatchObject({ code: "CONFLICT", extensions: { reason: "EMAIL_TAKEN" } });
    expect(await prisma.staffUser.count({ where: { name: "Copy" } })).toBe(0);
  });

  it("a reset ends the old password, every session and every earlier link; the new link works", async () => {
    const admin = await staff("admin");
    const agent = await staff("agent");
    const first = await resetStaffPassword(
      { staffUserId: agent.id, actor: admin.actor, passwordLinks },
      context,
    );
    const second = await resetStaffPassword(
      { staffUserId: agent.id, actor: admin.actor, passwordLinks },
      context,
    );

    expect((await signIn(agent.email, "agent-demo-pass")).ok).toBe(false);
    expect(await findActiveStaffUser(agent.id, agent.sessionVersion)).toBeNull();
    await expect(
      setPasswordFromLink(
        { token: tokenOf(first.setPasswordUrl), password: NEW_PASSWORD, secret },
        context,
      ),
    ).rejects.toMatchObject({ extensions: { reason: "LINK_UNUSABLE" } });
    await setPasswordFromLink(
      { token: tokenOf(second.setPasswordUrl), password: NEW_PASSWORD, secret },
      context,
    );
    expect((await signIn(agent.email, NEW_PASSWORD)).ok).toBe(true);
    expect((await auditOf(agent.id)).map(([kind]) => kind)).toEqual([
      "staff.password_reset",
      "staff.password_reset",
      "staff.password_set",
    ]);
  });
});

describe("roles and deactivation", () => {
  it("a role change applies to the next request of the session already open, audited old → new", async () => {
    const admin = await staff("admin");
    const agent = await staff("agent");
    await changeStaffRole({ staffUserId: agent.id, role: "approver", actor: admin.actor }, context);
    expect(await findActiveStaffUser(agent.id, agent.sessionVersion)).toMatchObject({
      role: "approver",
    });
    expect(await auditOf(agent.id)).toEqual([
      ["staff.role_changed", admin.id, { oldRole: "agent", newRole: "approver" }],
    ]);
    // Asking for the role it already has changes and audits nothing.
    const again = await changeStaffRole(
      { staffUserId: agent.id, role: "approver", actor: admin.actor },
      context,
    );
    expect(again.changed).toBe(false);
    expect(await prisma.auditEvent.count({ where: { subjectId: agent.id } })).toBe(1);
  });

  it("deactivation refuses the account's next request and its next sign-in", async () => {
    const admin = await staff("admin");
    const approver = await staff("approver");
    expect(await findActiveStaffUser(approver.id, approver.sessionVersion)).not.toBeNull();
    await deactivateStaff({ staffUserId: approver.id, actor: admin.actor }, context);
    expect(await findActiveStaffUser(approver.id, approver.sessionVersion)).toBeNull();
    expect((await signIn(approver.email, "approver-demo-pass")).ok).toBe(false);
    expect(await auditOf(approver.id)).toEqual([
      ["staff.deactivated", admin.id, { email: approver.email }],
    ]);
  });

  it("never removes, demotes or deactivates the last active admin", async () => {
    const admin = await staff("admin");
    const lastAdmin = { code: "CONFLICT", extensions: { reason: "LAST_ADMIN" } };
    await expect(
      changeStaffRole({ staffUserId: admin.id, role: "approver", actor: admin.actor }, context),
    ).rejects.toMatchObject(lastAdmin);
    await expect(
      deactivateStaff({ staffUserId: admin.id, actor: admin.actor }, context),
    ).rejects.toMatchObject(lastAdmin);
    expect(await prisma.staffUser.findUniqueOrThrow({ where: { id: admin.id } })).toMatchObject({
      role: "admin",
      active: true,
    });
    expect(await prisma.auditEvent.count({ where: { subjectId: admin.id } })).toBe(0);
  });

  it("of two admins demoting each other at once, exactly one succeeds", async () => {
    const admin = await staff("admin");
    const approver = await staff("approver");
    await changeStaffRole({ staffUserId: approver.id, role: "admin", actor: admin.actor }, context);
    const secondAdmin = { type: "staff" as const, userId: approver.id, roles: ["admin" as const] };

    const results = await Promise.allSettled([
      changeStaffRole({ staffUserId: approver.id, role: "agent", actor: admin.actor }, context),
      deactivateStaff({ staffUserId: admin.id, actor: secondAdmin }, context),
    ]);
    expect(results.map((result) => result.status).sort()).toEqual(["fulfilled", "rejected"]);
    expect(await prisma.staffUser.count({ where: { role: "admin", active: true } })).toBe(1);
  });
});
