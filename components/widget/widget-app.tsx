"use client";

import { useEffect, useRef } from "react";
import { isLauncherMessage } from "@/lib/client/launcher-message";
import { ChatPanel } from "./chat-panel";
import { IdentityStep } from "./identity-step";
import { closeWidget, postToLauncher } from "./launcher";
import { useLauncherFocus } from "./use-launcher-focus";
import { useWidgetStage } from "./use-widget-stage";

export function WidgetApp({ workspace }: { workspace: string }) {
  const { stage, setStage, shopName, begin, onSessionLost } = useWidgetStage(workspace);
  const heading = useRef<HTMLHeadingElement>(null);
  const focusPanel = useLauncherFocus(heading);

  useEffect(() => {
    void begin(null);
    const onMessage = (event: MessageEvent) => {
      if (event.source === window.parent && isLauncherMessage(event.data, "countersign:opened")) {
        focusPanel();
      }
    };
    const onKey = (event: KeyboardEvent) => {
      if (event.key === "Escape") closeWidget();
    };
    window.addEventListener("message", onMessage);
    window.addEventListener("keydown", onKey);
    // The launcher's "opened" may have come before this listener; ask for it again.
    if (window.parent !== window) postToLauncher("countersign:ready");
    return () => {
      window.removeEventListener("message", onMessage);
      window.removeEventListener("keydown", onKey);
    };
  }, [begin, focusPanel]);

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
      {(stage.kind === "unavailable" || stage.kind === "token_required") && (
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
