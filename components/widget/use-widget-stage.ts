"use client";

import { type RefObject, useCallback, useRef, useState } from "react";
import type { Language } from "@/lib/domain/languages";
import { takeIdentityToken } from "./launcher";
import { fetchSessionState, startSession } from "./widget-api";
import { problemNotice, textNotice, type WidgetNotice } from "./widget-notice";

export type Stage =
  | { kind: "loading" }
  | { kind: "unavailable"; detail: WidgetNotice }
  | { kind: "identify"; notice: WidgetNotice | null }
  | { kind: "token_required"; detail: WidgetNotice }
  | { kind: "chat"; notice: WidgetNotice | null };

/*
 * Which step the widget shows: the chat for a live session or a valid shop token, otherwise the
 * identity check (or a request to sign in at a shop that requires its token). A language the
 * customer picked before the chat opened goes with the session's start.
 */
export function useWidgetStage(workspace: string, chosenLanguage: RefObject<Language | null>) {
  const [stage, setStage] = useState<Stage>({ kind: "loading" });
  const [shopName, setShopName] = useState<string | null>(null);
  const token = useRef<string | null | undefined>(undefined);

  const begin = useCallback(
    async (notice: WidgetNotice | null) => {
      token.current ??= takeIdentityToken();
      const state = await fetchSessionState(workspace);
      if (!state.ok) {
        setStage({ kind: "unavailable", detail: problemNotice(state) });
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
          ...(chosenLanguage.current && { language: chosenLanguage.current }),
        });
        // The shop's token proves who this is again; the customer is told why their last click did nothing.
        if (started.ok) return setStage({ kind: "chat", notice });
        return setStage({ kind: "token_required", detail: problemNotice(started) });
      }
      if (state.data.session === "active" && notice === null) {
        return setStage({ kind: "chat", notice: null });
      }
      if (state.data.workspace.requiresIdentityToken) {
        return setStage({ kind: "token_required", detail: textNotice("token_required") });
      }
      setStage({
        kind: "identify",
        notice:
          notice ?? (state.data.session === "ended" ? textNotice("session_ended_idle") : null),
      });
    },
    [workspace, chosenLanguage],
  );

  const onSessionLost = useCallback(
    (notice: WidgetNotice | null) => {
      // A token session that ended is renewed from the shop's token, if it is still valid.
      setStage({ kind: "loading" });
      void begin(notice ?? textNotice("session_ended"));
    },
    [begin],
  );

  return { stage, setStage, shopName, begin, onSessionLost };
}
