import type { Catalogs } from "../i18n";
import { AGENT_REPLY_CATALOGS } from "./agent-replies";
import { HANDOFF_CATALOGS } from "./handoff";
import { KNOWN_SENTENCE_CATALOGS } from "./known-sentences";

/** Every catalog surface, for the completeness check. A new surface is listed here. */
export const ALL_CATALOGS: Readonly<Record<string, Catalogs<string>>> = {
  "agent-replies": AGENT_REPLY_CATALOGS,
  handoff: HANDOFF_CATALOGS,
  "known-sentences": KNOWN_SENTENCE_CATALOGS,
};
