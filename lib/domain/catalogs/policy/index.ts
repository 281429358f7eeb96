import { defineCatalogs } from "../../i18n";
import { POLICY_DE } from "./de";
import { POLICY_EN } from "./en";
import { POLICY_ES } from "./es";
import { POLICY_FR } from "./fr";
import { POLICY_IT } from "./it";
import { POLICY_JA } from "./ja";
import { POLICY_NL } from "./nl";
import { POLICY_PT } from "./pt";

/** The customer-facing refund policy in every supported language (see en.ts). */
export const POLICY_CATALOGS = defineCatalogs(POLICY_EN, {
  es: POLICY_ES,
  de: POLICY_DE,
  fr: POLICY_FR,
  pt: POLICY_PT,
  it: POLICY_IT,
  nl: POLICY_NL,
  ja: POLICY_JA,
});

export type { PolicyTextKey } from "./en";
