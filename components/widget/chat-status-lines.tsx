import type { ConnectionState } from "./use-widget-conversation";
import { useWidgetText } from "./widget-text";

/*
 * The chat's status lines, each a live region that is always present (so its text is announced
 * when it appears) and takes no space while empty.
 */

export function ConnectionStatus({ connection }: { connection: ConnectionState }) {
  const { t } = useWidgetText();
  return (
    <p
      role="status"
      data-testid="widget-connection"
      data-state={connection}
      className="px-3 py-1 text-xs text-slate-600 empty:hidden dark:text-slate-300"
    >
      {connection === "offline" ? t("reconnecting") : ""}
    </p>
  );
}

export function TypingIndicator({ working }: { working: boolean }) {
  const { t } = useWidgetText();
  return (
    <p
      role="status"
      data-testid="agent-typing"
      className="px-3 text-sm text-slate-600 empty:hidden dark:text-slate-300"
    >
      {working ? (
        <>
          <span aria-hidden="true" className="mr-1 inline-block motion-safe:animate-pulse">
            •••
          </span>
          {t("typing")}
        </>
      ) : null}
    </p>
  );
}
