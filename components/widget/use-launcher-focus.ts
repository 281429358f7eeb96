"use client";

import { type RefObject, useCallback, useEffect, useRef } from "react";

/*
 * Opened from the shop's launcher: focus goes into the panel, to its main control once that is
 * on screen. The panel may still be loading (a stage, then the chat's own history) when the
 * launcher says it opened, so until the control appears the title holds focus and the page is
 * watched for it.
 */
export function useLauncherFocus(heading: RefObject<HTMLHeadingElement | null>) {
  const focusWanted = useRef(false);
  const controlWatch = useRef<MutationObserver | null>(null);
  const focusPanel = useCallback(() => {
    focusWanted.current = true;
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
  }, [heading]);
  useEffect(() => () => controlWatch.current?.disconnect(), []);
  return focusPanel;
}
