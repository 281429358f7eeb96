"use client";

import { useCallback, useRef, useState } from "react";
import { describeProblem } from "@/lib/client/send-json";
import { takeIdentityToken } from "./launcher";
import { fetchSessionState, startSession } from "./widget-api";

export type Stage =
  | { kind: "loading" }
  | { kind: "unavailable"; detail: string }
  | { kind: "identify"; notice: string | null }
  | { kind: "token_required"; detail: string }
  | { kind: "chat"; notice: string | null };

const ENDED_NOTICE =
  "Your chat session ended after 30 minutes without activity. Confirm who you are to continue.";
const TOKEN_REQUIRED =
  "This shop opens the chat for signed-in customers. Sign in on the shop's site, then open the chat again.";

/*
 * Which step the widget shows: the chat for a live session or a valid shop token, otherwise the
 * identity check (or a request to sign in at a shop that requires its token).
 */
export function useWidgetStage(workspace: string) {
  const [stage, setStage] = useState<Stage>({ kind: "loading" });
  const [shopName, setShopName] = useState<string | null>(null);
  const token = useRef<string | null | undefined>(undefined);

  const begin = useCallback(
    async (notice: string | null) => {
      token.current ??= takeIdentityToken();
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
      if (state.data.workspace.requiresIdentityToken) {
        return setStage({ kind: "token_required", detail: TOKEN_REQUIRED });
      }
      setStage({
        kind: "identify",
        notice: notice ?? (state.data.session === "ended" ? ENDED_NOTICE : null),
      });
    },
    [workspace],
  );

  const onSessionLost = useCallback(
    (detail: string) => {
      // A token session that ended is renewed from the shop's token, if it is still valid.
      setStage({ kind: "loading" });
      void begin(detail || "Your chat session has ended. Confirm who you are to continue.");
    },
    [begin],
  );

  return { stage, setStage, shopName, begin, onSessionLost };
}
