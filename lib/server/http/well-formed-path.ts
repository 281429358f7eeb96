/**
 * Whether a request path's percent-escapes decode to UTF-8. A path that does not (a cut-off
 * "%E0%A4%A", a lone "%FF", an overlong "%C0%AF") names no resource, and decoding it is where a
 * router would throw, so it is answered 400 before anything reads its params.
 */
export function isWellFormedPath(pathname: string): boolean {
  try {
    decodeURIComponent(pathname);
    return true;
  } catch {
    return false;
  }
}
