"use client";

import { useCallback, useEffect, useRef, useState } from "react";
import { describeProblem } from "@/lib/client/send-json";
import { ChatPanel } from "./chat-panel";
import { IdentityStep } from "./identity-step";
import { fetchSessionState, startSession } from "./widget-api";

type Stage =
  | { kind: "loading" }
  | { kind: "unavailable"; detail: string }
  | { kind: "identify"; notice: string | null }
  | { kind: "token_required"; detail: string }
  | { kind: "chat"; notice: string | null };

// The loader passes the shop's identity token in the URL fragment, which is never sent to a server.
function takeIdentityToken(): string | null {
  const token = new URLSearchParams(window.location.hash.slice(1)).get("token");
  if (token) history.replaceState(null, "", window.location.pathname + window.location.search);
  return token;
}

function closeWidget() {
  window.parent.postMessage({ type: "countersign:close" }, "*");
}

export function WidgetApp({ workspace }: { workspace: string }) {
  const [stage, setStage] = useState<Stage>({ kind: "loading" });
  const [shopName, setShopName] = useState<string | null>(null);
  const token = useRef<string | null | undefined>(undefined);
  const heading = useRef<HTMLHeadingElement>(null);

  const begin = useCallback(
    async (notice: string | null) => {
      const state = await fetchSessionState(workspace);
      if (!state.ok) {
        setStage({ kind: "unavailable", detail: describeProblem(state.problem) });
        return;
      }
      setShopName(state.data.workspace.name);
      const identityToken = token.current;
      // A shop token always wins over an older cookie: the signed-in customer may have changed.
      if (identityToken) {
        const started = await startSession({
          workspace,
          method: "signed_token",
          token: identityToken,
        });
        // The shop's token proves who this is again; the customer is told why their last click did nothing.
        if (started.ok) return setStage({ kind: "chat", notice });
        return setStage({ kind: "token_required", detail: describeProblem(started.problem) });
      }
      if (state.data.session === "active" && notice === null) {
        return setStage({ kind: "chat", notice: null });
      }
      const ended =
        notice ??
        (state.data.session === "ended"
          ? "Your chat session ended after 30 minutes without activity. Confirm who you are to continue."
          : null);
      if (state.data.workspace.requiresIdentityToken) {
        return setStage({
          kind: "token_required",
          detail:
            "This shop opens the chat for signed-in customers. Sign in on the shop's site, then open the chat again.",
        });
      }
      setStage({ kind: "identify", notice: ended });
    },
    [workspace],
  );

  // Opened from the shop's launcher: focus goes into the panel, to its main control once that is
  // on screen. The panel may still be loading (a stage, then the chat's own history) when the
  // launcher says it opened, so until the control appears the title holds focus and the page is
  // watched for it.
  const focusWanted = useRef(false);
  const controlWatch = useRef<MutationObserver | null>(null);
  const focusPanel = useCallback(() => {
    const focusControl = () => {
      const control = document.querySelector<HTMLElement>("[data-autofocus]");
      if (!control) return false;
      control.focus();
      focusWanted.current = false;
      controlWatch.current?.disconnect();
      controlWatch.current = null;
      return true;
    };
    if (focusControl()) return;
    heading.current?.focus();
    controlWatch.current ??= new MutationObserver(() => {
      if (focusWanted.current) focusControl();
    });
    controlWatch.current.observe(document.body, { childList: true, subtree: true });
  }, []);
  useEffect(() => () => controlWatch.current?.disconnect(), []);

  useEffect(() => {
    token.current ??= takeIdentityToken();
    void begin(null);
    const onMessage = (event: MessageEvent) => {
      if (
        event.source === window.parent &&
        (event.data as { type?: string })?.type === "countersign:opened"
      ) {
        focusWanted.current = true;
        focusPanel();
      }
    };
    const onKey = (event: KeyboardEvent) => {
      if (event.key === "Escape") closeWidget();
    };
    window.addEventListener("message", onMessage);
    window.addEventListener("keydown", onKey);
    // The launcher's "opened" may have come before this listener; ask for it again. Nothing in
    // it is private, and the shop's origin is not known here.
    if (window.parent !== window) window.parent.postMessage({ type: "countersign:ready" }, "*");
    return () => {
      window.removeEventListener("message", onMessage);
      window.removeEventListener("keydown", onKey);
    };
  }, [begin, focusPanel]);

  const onSessionLost = useCallback(
    (detail: string) => {
      // A token session that ended is renewed from the shop's token, if it is still valid.
      setStage({ kind: "loading" });
      void begin(detail || "Your chat session has ended. Confirm who you are to continue.");
    },
    [begin],
  );

  return (
    <div className="flex h-dvh flex-col bg-slate-50 text-slate-900 [color-scheme:light_dark] dark:bg-slate-900 dark:text-slate-100">
      <header className="flex items-center justify-between gap-2 bg-blue-800 px-3 py-2 text-white">
        <h1 ref={heading} tabIndex={-1} className="text-base font-semibold outline-none">
          {shopName ? `Chat with ${shopName}` : "Chat"}
        </h1>
        <button
          type="button"
          onClick={closeWidget}
          className="min-h-11 min-w-11 rounded-md px-2 text-sm font-medium hover:bg-blue-900"
        >
          Close chat
        </button>
      </header>
      {stage.kind === "loading" && (
        <p role="status" className="p-4">
          Opening the chat…
        </p>
      )}
      {stage.kind === "unavailable" && (
        <p role="alert" className="p-4">
          {stage.detail}
        </p>
      )}
      {stage.kind === "token_required" && (
        <p role="alert" className="p-4">
          {stage.detail}
        </p>
      )}
      {stage.kind === "identify" && (
        <IdentityStep
          workspace={workspace}
          notice={stage.notice}
          onVerified={() => setStage({ kind: "chat", notice: null })}
        />
      )}
      {stage.kind === "chat" && <ChatPanel notice={stage.notice} onSessionLost={onSessionLost} />}
    </div>
  );
}
