"use client";

import { useCallback, useEffect, useRef, useState } from "react";
import type { Language } from "@/lib/domain/languages";
import { preferredLanguage } from "@/lib/domain/preferred-language";

/*
 * The language the widget speaks: the browser's preference until the customer picks one or
 * their conversation has one (detected from what they wrote, chosen by them, or set by staff).
 * The first render uses the server's reading of Accept-Language, so nothing flashes in English.
 */
export function useWidgetLanguage(initial: Language) {
  const [language, setLanguage] = useState(initial);
  // What the customer picked before a conversation could store it; sent when the session starts.
  const chosen = useRef<Language | null>(null);
  const followed = useRef(false);

  useEffect(() => {
    if (chosen.current === null && !followed.current) {
      setLanguage(preferredLanguage(navigator.languages));
    }
  }, []);

  const choose = useCallback((picked: Language) => {
    chosen.current = picked;
    setLanguage(picked);
  }, []);

  /** The conversation's language, once it has one: the widget speaks as the server writes. */
  const follow = useCallback((conversationLanguage: Language) => {
    followed.current = true;
    setLanguage(conversationLanguage);
  }, []);

  return { language, chosen, choose, follow };
}
