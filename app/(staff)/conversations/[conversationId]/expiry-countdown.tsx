"use client";

import { useEffect, useState } from "react";

function remaining(expiresAt: string, now: number): string | null {
  const ms = new Date(expiresAt).getTime() - now;
  if (ms <= 0) return null;
  const totalSeconds = Math.floor(ms / 1000);
  const minutes = Math.floor(totalSeconds / 60);
  const seconds = String(totalSeconds % 60).padStart(2, "0");
  return `${minutes}:${seconds}`;
}

/*
 * A display only: the server enforces expiry whatever this shows. It ticks silently for screen
 * readers (announcing every second would drown everything else) and says when time is up. The
 * clock starts only in the browser: the server's render and the first browser render show the
 * same placeholder, so hydration never sees two different times.
 */
export function ExpiryCountdown({ expiresAt }: { expiresAt: string }) {
  const [now, setNow] = useState<number | null>(null);
  useEffect(() => {
    setNow(Date.now());
    const timer = window.setInterval(() => setNow(Date.now()), 1000);
    return () => window.clearInterval(timer);
  }, []);
  if (now === null) {
    return (
      <span role="timer" aria-live="off">
        <span className="font-mono tabular-nums">–:––</span> left to confirm
      </span>
    );
  }
  const left = remaining(expiresAt, now);
  return (
    <span role="timer" aria-live="off">
      {left === null ? (
        <span className="font-medium text-red-800">hold expired</span>
      ) : (
        <>
          <span className="font-mono tabular-nums">{left}</span> left to confirm
        </>
      )}
    </span>
  );
}
