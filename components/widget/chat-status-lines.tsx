import type { ConnectionState } from "./use-widget-conversation";

/*
 * The chat's status lines, each a live region that is always present (so its text is announced
 * when it appears) and takes no space while empty.
 */

export function ConnectionStatus({ connection }: { connection: ConnectionState }) {
  return (
    <p
      role="status"
      data-testid="widget-connection"
      data-state={connection}
      className="px-3 py-1 text-xs text-slate-600 empty:hidden dark:text-slate-300"
    >
      {connection === "offline" ? "Reconnecting… messages sent to you meanwhile will appear." : ""}
    </p>
  );
}

export function TypingIndicator({ working }: { working: boolean }) {
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
          Support is typing…
        </>
      ) : null}
    </p>
  );
}
