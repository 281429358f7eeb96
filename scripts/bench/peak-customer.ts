import { performance } from "node:perf_hooks";
import { setTimeout as sleep } from "node:timers/promises";
import { createParser } from "eventsource-parser";
import { WIDGET_SESSION_COOKIE } from "@/lib/auth/widget-session-cookie";
import type { WidgetSnapshot } from "@/lib/server/services/widget/widget-snapshot";
import type { FirstAnswer } from "./peak-figures";

/*
 * One customer of bench:peak, making the calls the chat widget makes: the identity step with the
 * shop's signed token, the snapshot, the event stream (reconnecting after Last-Event-ID as
 * EventSource does), the message, and a fresh snapshot whenever the stream says something
 * changed. The first answer is seen when a snapshot first holds anything not the customer's own:
 * an agent's or a person's message, or a quote card; the snapshot also says when it was stored
 * (the database's clock, which is this machine's).
 */

export type WidgetSession = {
  email: string;
  cookie: string;
  conversationId: string;
  latestEventId: string | null;
};

/** Failures a customer met, by kind ("POST /api/widget/messages 429", "no answer by the deadline"). */
export type ErrorLog = (kind: string) => void;

export async function startWidgetSession(
  origin: string,
  workspace: string,
  email: string,
  token: string,
): Promise<WidgetSession> {
  const response = await fetch(`${origin}/api/widget/session`, {
    method: "POST",
    headers: { Origin: origin, "Content-Type": "application/json" },
    body: JSON.stringify({ workspace, method: "signed_token", token }),
  });
  if (response.status !== 201) {
    throw new Error(`POST /api/widget/session answered ${response.status} for ${email}`);
  }
  const pair = response.headers
    .getSetCookie()
    .map((cookie) => cookie.split(";")[0] ?? "")
    .find((cookie) => cookie.startsWith(`${WIDGET_SESSION_COOKIE}=`));
  if (!pair) throw new Error(`no widget session cookie for ${email}`);
  const snapshot = await readSnapshot(origin, pair);
  if (!snapshot) throw new Error(`GET /api/widget/conversation failed for ${email}`);
  return {
    email,
    cookie: pair,
    conversationId: snapshot.conversationId,
    latestEventId: snapshot.latestEventId,
  };
}

async function readSnapshot(origin: string, cookie: string): Promise<WidgetSnapshot | null> {
  const response = await fetch(`${origin}/api/widget/conversation`, {
    headers: { Cookie: cookie },
  });
  return response.ok ? ((await response.json()) as WidgetSnapshot) : null;
}

/** When the snapshot's first answer was stored, on this process's performance.now() clock. */
function firstAnswerCreatedAt(snapshot: WidgetSnapshot): number | null {
  const stored = snapshot.items
    .filter((item) => item.kind === "quote" || item.author !== "customer")
    .map((item) => Date.parse(item.createdAt) - performance.timeOrigin);
  return stored.length === 0 ? null : Math.min(...stored);
}

export type AnswerWatch = {
  /** Resolves once the stream is open (its hello frame), so a post cannot outrun it. */
  ready: Promise<void>;
  /** The first answer a snapshot showed; null at the deadline. */
  answer: Promise<FirstAnswer | null>;
  /** Streams the server closed that were opened again. */
  reopenedStreams(): number;
  /**
   * For when nothing more can come (every run has ended): one last snapshot, then the answer is
   * settled, as unanswered if that snapshot holds none.
   */
  lastLook(): Promise<void>;
  close(): void;
};

// The widget's EventSource waits the stream's `retry:` (1 s) before it reconnects.
const RECONNECT_MS = 1_000;

export function watchForAnswer(
  origin: string,
  session: WidgetSession,
  deadlineAt: number,
  logError: ErrorLog,
): AnswerWatch {
  const abort = new AbortController();
  let lastEventId = session.latestEventId;
  let reopened = 0;
  let markReady: () => void = () => {};
  const ready = new Promise<void>((resolve) => {
    markReady = resolve;
  });
  let settle: (answer: FirstAnswer | null) => void = () => {};
  const answer = new Promise<FirstAnswer | null>((resolve) => {
    settle = (answer) => {
      abort.abort();
      resolve(answer);
    };
  });
  const deadline = setTimeout(() => {
    logError("no answer by the deadline");
    settle(null);
  }, deadlineAt - performance.now());

  // One snapshot at a time; a change announced meanwhile asks for one more after it.
  let reading = false;
  let changedMeanwhile = false;
  const check = async () => {
    if (reading) {
      changedMeanwhile = true;
      return;
    }
    reading = true;
    do {
      changedMeanwhile = false;
      const snapshot = await readSnapshot(origin, session.cookie).catch(() => null);
      const seenAt = performance.now();
      if (abort.signal.aborted) return;
      const createdAt = snapshot ? firstAnswerCreatedAt(snapshot) : null;
      if (!snapshot) logError("GET /api/widget/conversation failed");
      else if (createdAt !== null) {
        clearTimeout(deadline);
        settle({ createdAt, seenAt });
        return;
      }
    } while (changedMeanwhile);
    reading = false;
  };

  const listen = async () => {
    while (!abort.signal.aborted) {
      const opened = await fetch(`${origin}/api/widget/events`, {
        headers: {
          Cookie: session.cookie,
          Accept: "text/event-stream",
          ...(lastEventId !== null && { "Last-Event-ID": lastEventId }),
        },
        signal: abort.signal,
      }).catch(() => null);
      if (abort.signal.aborted) return;
      if (!opened?.ok || !opened.body) {
        logError(`GET /api/widget/events ${opened ? `answered ${opened.status}` : "failed"}`);
      } else {
        const parser = createParser({
          onEvent(frame) {
            if (frame.event === "hello") return markReady();
            if (frame.id) lastEventId = frame.id;
            // Previews are the reply being written, not yet checked: no answer until delivered.
            if (frame.event !== "reply_preview") void check();
          },
        });
        const decoder = new TextDecoder();
        try {
          for await (const chunk of opened.body as unknown as AsyncIterable<Uint8Array>) {
            parser.feed(decoder.decode(chunk, { stream: true }));
          }
        } catch {
          // Aborted once answered, or the connection dropped: both handled below.
        }
      }
      if (abort.signal.aborted) return;
      reopened += 1;
      await sleep(RECONNECT_MS);
    }
  };
  void listen();

  return {
    ready,
    answer,
    reopenedStreams: () => reopened,
    lastLook: async () => {
      if (abort.signal.aborted) return;
      const snapshot = await readSnapshot(origin, session.cookie).catch(() => null);
      const seenAt = performance.now();
      if (abort.signal.aborted) return;
      const createdAt = snapshot ? firstAnswerCreatedAt(snapshot) : null;
      clearTimeout(deadline);
      if (createdAt !== null) return settle({ createdAt, seenAt });
      logError("no answer when every run had ended");
      settle(null);
    },
    close: () => {
      clearTimeout(deadline);
      settle(null);
    },
  };
}

/** The customer's message, as the widget posts it; returns when it was sent. */
export async function postMessage(
  origin: string,
  session: WidgetSession,
  text: string,
  logError: ErrorLog,
): Promise<number> {
  const postedAt = performance.now();
  const response = await fetch(`${origin}/api/widget/messages`, {
    method: "POST",
    headers: { Cookie: session.cookie, Origin: origin, "Content-Type": "application/json" },
    body: JSON.stringify({ clientMessageId: crypto.randomUUID(), text }),
  }).catch(() => null);
  if (response?.status !== 202) {
    logError(`POST /api/widget/messages ${response ? `answered ${response.status}` : "failed"}`);
  }
  return postedAt;
}
