import { describe, expect, it } from "vitest";
import { canManageSavedView, canSeeSavedView } from "./saved-view-access";

const pat = { id: "pat", role: "agent" } as const;
const sam = { id: "sam", role: "agent" } as const;
const ada = { id: "ada", role: "admin" } as const;
const approver = { id: "alex", role: "approver" } as const;

describe("who sees and changes a saved view", () => {
  it("shows a personal view to its owner only, even to an admin", () => {
    const personal = { ownerId: "pat", shared: false };
    expect(canSeeSavedView(pat, personal)).toBe(true);
    expect(canSeeSavedView(sam, personal)).toBe(false);
    expect(canSeeSavedView(ada, personal)).toBe(false);
    expect(canManageSavedView(ada, personal)).toBe(false);
  });

  it("shows a shared view to everyone; its owner and admins change it, nobody else", () => {
    const shared = { ownerId: "pat", shared: true };
    for (const viewer of [pat, sam, ada, approver])
      expect(canSeeSavedView(viewer, shared)).toBe(true);
    expect(canManageSavedView(pat, shared)).toBe(true);
    expect(canManageSavedView(ada, shared)).toBe(true);
    expect(canManageSavedView(sam, shared)).toBe(false);
    expect(canManageSavedView(approver, shared)).toBe(false);
  });
});
