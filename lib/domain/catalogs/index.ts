import type { Catalogs } from "../i18n";
import { AGENT_REPLY_CATALOGS } from "./agent-replies";
import { ATTACHMENT_CATALOGS } from "./attachments";
import { DENY_REASON_CATALOGS } from "./deny-reasons";
import { HANDOFF_CATALOGS } from "./handoff";
import { KNOWN_SENTENCE_CATALOGS } from "./known-sentences";
import { ORDER_CHANGED_CATALOGS } from "./order-changed";
import { POLICY_CATALOGS } from "./policy";
import { QUOTE_CATALOGS } from "./quote";
import { REFUND_NOTICE_CATALOGS } from "./refund-notices";
import { REVALIDATION_CATALOGS } from "./revalidation";
import { STATEMENT_CATALOGS } from "./statements";
import { WIDGET_CATALOGS } from "./widget";

/** Every catalog surface, for the completeness check. A new surface is listed here. */
export const ALL_CATALOGS: Readonly<Record<string, Catalogs<string>>> = {
  "agent-replies": AGENT_REPLY_CATALOGS,
  attachments: ATTACHMENT_CATALOGS,
  handoff: HANDOFF_CATALOGS,
  "known-sentences": KNOWN_SENTENCE_CATALOGS,
  widget: WIDGET_CATALOGS,
  quote: QUOTE_CATALOGS,
  "order-changed": ORDER_CHANGED_CATALOGS,
  "deny-reasons": DENY_REASON_CATALOGS,
  revalidation: REVALIDATION_CATALOGS,
  "refund-notices": REFUND_NOTICE_CATALOGS,
  policy: POLICY_CATALOGS,
  statements: STATEMENT_CATALOGS,
};
