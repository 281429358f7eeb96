"use client";

import { createContext, type ReactNode, useContext, useMemo } from "react";
import { WIDGET_CATALOGS, type WidgetMessageKey } from "@/lib/domain/catalogs/widget";
import { type Translate, translator } from "@/lib/domain/i18n";
import type { Language } from "@/lib/domain/languages";

/** The language the widget speaks and its words in that language. */
export type WidgetText = { language: Language; t: Translate<WidgetMessageKey> };

export function widgetText(language: Language): WidgetText {
  return { language, t: translator(WIDGET_CATALOGS, language) };
}

const WidgetTextContext = createContext<WidgetText>(widgetText("en"));

export function WidgetTextProvider({
  language,
  children,
}: {
  language: Language;
  children: ReactNode;
}) {
  const text = useMemo(() => widgetText(language), [language]);
  return <WidgetTextContext.Provider value={text}>{children}</WidgetTextContext.Provider>;
}

export function useWidgetText(): WidgetText {
  return useContext(WidgetTextContext);
}
