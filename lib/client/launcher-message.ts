/*
 * Messages between the chat iframe and the shop's launcher (public/widget.js). The launcher's
 * data is whatever the page posted, so it is read as unknown and checked, never cast.
 */
export type LauncherMessageType = "countersign:opened" | "countersign:close" | "countersign:ready";

export function isLauncherMessage(data: unknown, type: LauncherMessageType): boolean {
  return typeof data === "object" && data !== null && "type" in data && data.type === type;
}
