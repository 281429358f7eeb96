"use client";

import { useEffect, useRef, useState } from "react";

/*
 * After a refused submit, focus goes to the first control marked invalid, so keyboard and screen
 * reader users land on what to fix (its error is read with it). Call `focusFirstInvalid` where
 * the submit sets the errors: the focus moves once they are rendered.
 */
export function useFocusFirstInvalid() {
  const form = useRef<HTMLFormElement>(null);
  const [refusals, setRefusals] = useState(0);
  useEffect(() => {
    if (refusals === 0) return;
    form.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [refusals]);
  return { form, focusFirstInvalid: () => setRefusals((count) => count + 1) };
}
