/** Page areas that need a signed-in staff member; the proxy sends everyone else to /login. */
export const staffPathPrefixes = [
  "/inbox",
  "/conversations",
  "/customers",
  "/approvals",
  "/audit",
  "/settings",
  "/staff",
  "/insights",
] as const;

export function isStaffPath(pathname: string): boolean {
  return staffPathPrefixes.some(
    (prefix) => pathname === prefix || pathname.startsWith(`${prefix}/`),
  );
}
