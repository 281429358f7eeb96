import { defineCatalogs } from "../../i18n";
import { WIDGET_DE } from "./de";
import { WIDGET_EN } from "./en";
import { WIDGET_ES } from "./es";
import { WIDGET_FR } from "./fr";
import { WIDGET_IT } from "./it";
import { WIDGET_JA } from "./ja";
import { WIDGET_NL } from "./nl";
import { WIDGET_PT } from "./pt";

export type { WidgetMessageKey } from "./en";

/** The chat widget's interface: its controls, labels, status lines and errors. */
export const WIDGET_CATALOGS = defineCatalogs(WIDGET_EN, {
  es: WIDGET_ES,
  de: WIDGET_DE,
  fr: WIDGET_FR,
  pt: WIDGET_PT,
  it: WIDGET_IT,
  nl: WIDGET_NL,
  ja: WIDGET_JA,
});
