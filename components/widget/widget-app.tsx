"use client";

import { type RefObject, useEffect, useRef, useState } from "react";
import { isLauncherMessage } from "@/lib/client/launcher-message";
import type { Language } from "@/lib/domain/languages";
import { ChatPanel } from "./chat-panel";
import { IdentityStep } from "./identity-step";
import { LanguagePicker } from "./language-picker";
import { closeWidget, postToLauncher } from "./launcher";
import { useLauncherFocus } from "./use-launcher-focus";
import { useWidgetLanguage } from "./use-widget-language";
import { useWidgetStage } from "./use-widget-stage";
import { chooseLanguage, isSessionLost } from "./widget-api";
import { noticeText, problemNotice, textNotice, type WidgetNotice } from "./widget-notice";
import { useWidgetText, WidgetTextProvider } from "./widget-text";

type Props = { workspace: string; initialLanguage: Language };

export function WidgetApp({ workspace, initialLanguage }: Props) {
  const { language, chosen, choose, follow } = useWidgetLanguage(initialLanguage);
  const { stage, setStage, shopName, begin, onSessionLost } = useWidgetStage(workspace, chosen);
  const [languageProblem, setLanguageProblem] = useState<WidgetNotice | null>(null);
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

  // Before the chat opens the pick waits for the session's start; in the chat it is the
  // conversation's language at once, and the snapshot follows on the stream.
  async function onChoose(picked: Language) {
    const before = language;
    setLanguageProblem(null);
    choose(picked);
    if (stage.kind !== "chat") return;
    const result = await chooseLanguage(picked);
    if (isSessionLost(result)) {
      onSessionLost(result.ok ? null : problemNotice(result));
      return;
    }
    if (!result.ok) {
      follow(before);
      setLanguageProblem(textNotice("language_not_saved"));
    }
  }

  return (
    <WidgetTextProvider language={language}>
      <div
        lang={language}
        className="flex h-dvh flex-col bg-slate-50 text-slate-900 [color-scheme:light_dark] dark:bg-slate-900 dark:text-slate-100"
      >
        <WidgetHeader heading={heading} shopName={shopName} />
        <LanguagePicker problem={languageProblem} onChoose={(picked) => void onChoose(picked)} />
        {stage.kind === "loading" && <Opening />}
        {(stage.kind === "unavailable" || stage.kind === "token_required") && (
          <StageAlert notice={stage.detail} />
        )}
        {stage.kind === "identify" && (
          <IdentityStep
            workspace={workspace}
            notice={stage.notice}
            chosenLanguage={chosen}
            onVerified={() => setStage({ kind: "chat", notice: null })}
          />
        )}
        {stage.kind === "chat" && (
          <ChatPanel
            notice={stage.notice}
            onSessionLost={onSessionLost}
            onConversationLanguage={follow}
          />
        )}
      </div>
    </WidgetTextProvider>
  );
}

function WidgetHeader({
  heading,
  shopName,
}: {
  heading: RefObject<HTMLHeadingElement | null>;
  shopName: string | null;
}) {
  const { t } = useWidgetText();
  return (
    <header className="flex items-center justify-between gap-2 bg-blue-800 px-3 py-2 text-white">
      <h1 ref={heading} tabIndex={-1} className="text-base font-semibold outline-none">
        {shopName ? t("header_title_shop", { shop: shopName }) : t("header_title")}
      </h1>
      <button
        type="button"
        onClick={closeWidget}
        className="min-h-11 min-w-11 rounded-md px-2 text-sm font-medium hover:bg-blue-900"
      >
        {t("close_chat")}
      </button>
    </header>
  );
}

function Opening() {
  const { t } = useWidgetText();
  return (
    <p role="status" className="p-4">
      {t("opening")}
    </p>
  );
}

function StageAlert({ notice }: { notice: WidgetNotice }) {
  const text = useWidgetText();
  return (
    <p role="alert" className="p-4">
      {noticeText(notice, text)}
    </p>
  );
}
