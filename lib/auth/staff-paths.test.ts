import { describe, expect, it } from "vitest";
import { isStaffPath } from "./staff-paths";

describe("isStaffPath", () => {
  it.each([
    "/inbox",
    "/conversations/tkt_1",
    "/customers/cus_1",
    "/approvals",
    "/audit",
    "/settings/limits",
    "/staff",
    "/insights",
  ])("protects %s", (path) => expect(isStaffPath(path)).toBe(true));

  it.each(["/", "/login", "/widget", "/demo", "/set-password", "/inboxes", "/api/health"])(
    "leaves %s open",
    (path) => expect(isStaffPath(path)).toBe(false),
  );
});
