/** The embeddable chat panel: the one page a shop's site may frame. */
export function isWidgetPath(pathname: string): boolean {
  return pathname === "/widget" || pathname.startsWith("/widget/");
}
