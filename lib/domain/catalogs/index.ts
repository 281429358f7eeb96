import type { Catalogs } from "../i18n";
import { HANDOFF_CATALOGS } from "./handoff";

/** Every catalog surface, for the completeness check. A new surface is listed here. */
export const ALL_CATALOGS: Readonly<Record<string, Catalogs<string>>> = {
  handoff: HANDOFF_CATALOGS,
};
