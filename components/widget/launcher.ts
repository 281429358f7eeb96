import type { LauncherMessageType } from "@/lib/client/launcher-message";

// The loader passes the shop's identity token in the URL fragment, which is never sent to a server.
export function takeIdentityToken(): string | null {
  const token = new URLSearchParams(window.location.hash.slice(1)).get("token");
  if (token) history.replaceState(null, "", window.location.pathname + window.location.search);
  return token;
}

// Nothing in these messages is private, and the shop's origin is not known here.
export function postToLauncher(type: LauncherMessageType) {
  window.parent.postMessage({ type }, "*");
}

export function closeWidget() {
  postToLauncher("countersign:close");
}
