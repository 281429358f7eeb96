/*
 * The widget's own words (its controls, labels and status lines), in English: the source every
 * other language has exactly the keys of. Amounts, rates and times arrive formatted.
 */
export const WIDGET_EN = {
  // The shop page's launcher button and the title of the chat's frame (public/widget.js).
  launcher_open: "Chat with us",
  launcher_frame_title: "Chat with support",
  header_title: "Chat",
  header_title_shop: "Chat with {shop}",
  close_chat: "Close chat",
  language_label: "Language",
  opening: "Opening the chat…",
  unreachable: "The chat could not reach the server. Check your connection.",
  token_required:
    "This shop opens the chat for signed-in customers. Sign in on the shop's site, then open the chat again.",
  session_ended_idle:
    "Your chat session ended after 30 minutes without activity. Confirm who you are to continue.",
  session_ended: "Your chat session has ended. Confirm who you are to continue.",
  language_not_saved: "Your language choice could not be saved. Try again.",

  identity_heading: "First, let's find your order",
  identity_intro:
    "So that only you can see your orders and refunds, enter the email address you ordered with and one of your order numbers.",
  email_label: "Email address",
  order_number_label: "Order number",
  order_number_hint: "It is in your order confirmation email, for example A1043.",
  checking: "Checking…",
  start_chat: "Start chat",

  loading_conversation: "Loading your conversation…",
  new_session_started: "A new session has started; answer the quote again if you still want it.",
  conversation_label: "Conversation",
  greeting: "Hi {name}! Tell us what went wrong with your order and we'll sort it out.",
  reconnecting: "Reconnecting… messages sent to you meanwhile will appear.",
  typing: "Support is typing…",
  you_said: "You said",
  support_said: "Support said",
  support_team_said: "Support team said",

  image_described: "[image: {alt}]",
  image: "[image]",
  message_label: "Your message",
  message_hint: "{count} / {max} characters. Enter sends, Shift+Enter adds a line.",
  message_placeholder: "Write a message…",
  send: "Send",
  write_first: "Write a message first.",
  message_too_long: "Messages can be at most {max} characters long.",

  quote_heading: "Refund quote · order {order}",
  quote_reason: "Reason: {reason}",
  quote_table_caption: "Refund amounts for order {order}",
  column_item: "Item",
  column_price: "Price",
  column_fee: "Fee",
  shipping: "Shipping",
  no_fee: "none",
  refund_total: "Refund",
  refund_to: "To {target}",
  return_fees_label: "Return fees",
  refused_lines_heading: "Not included:",
  assumed_reason_lead: "You haven't told us why you're returning it, so this quote assumes:",
  // Closes the sentence whose end is the assumed reason, shown in bold.
  assumed_reason_end: ".",
  assumed_reason_tail: "If that's not right, tell me the reason instead of confirming.",
  confirm_refund: "Confirm refund of {amount}",
  decline: "Decline",
  fresh_quote_button: "Ask for a fresh quote",
  fresh_quote_asked: "You asked for a fresh quote for these items.",

  status_held: "Held for you until {time}. Nothing is refunded until you confirm.",
  status_suspended:
    "Paused while we answer your question. Say “go ahead” when you want to continue.",
  status_awaiting_approval:
    "You confirmed. A team member approves refunds of this size; we'll tell you here.",
  status_approved: "Approved. The refund is being processed.",
  status_declined: "You declined this quote. Nothing was refunded.",
  status_rejected: "Our team did not approve this refund. The reply below explains why.",
  status_outdated: "This quote is no longer valid: {why} {invitation}",
  fresh_quote_invitation:
    "Nothing was refunded on this quote. Ask for a fresh quote and I'll check what can still be refunded.",
  status_expired:
    "This quote expired without an answer, so it can no longer be confirmed. Ask for a fresh quote for the same items.",
  status_superseded: "Replaced by your newer request. This quote can no longer be confirmed.",
  status_failed: "The refund could not be completed. Our team has been told.",
  status_needs_reconciliation: "Our team is checking this refund with the payment provider.",
  refund_paid: "Refunded {amount} to {target}.",
  refund_processing:
    "Processing: sent to {target}, not on your account yet. We'll tell you here once the payment processor confirms it.",
  refund_came_back: "This refund did not reach you after all; the money came back to us.",
  refund_came_back_because:
    "This refund did not reach you after all ({why}); the money came back to us.",
  refund_not_through: "This refund did not go through, so nothing reached your account.",
  refund_not_through_because:
    "This refund did not go through ({why}), so nothing reached your account.",
  refund_next_step: "Our team will contact you to send it another way.",

  problem_wrong_pair: "We couldn't find an order with that email address and order number.",
  problem_no_session: "Confirm who you are to start chatting.",
  problem_token_expired:
    "Your sign-in to the shop has expired. Reload the shop's page to continue.",
  problem_token_invalid:
    "The shop's sign-in could not be verified, so the chat cannot open for this account.",
  problem_quote_changed: "This quote has changed; look at the latest one.",
  problem_quote_session_ended: "The chat session has ended; ask for a fresh quote.",
  problem_rate_limited:
    "Too many attempts. Try again in {seconds, plural, one {# second} other {# seconds}}.",
  problem_rate_limited_minutes:
    "Too many attempts. Try again in {minutes, plural, one {# minute} other {# minutes}}.",
  problem_invalid_input: "Check what you entered and try again.",
  problem_other: "Something went wrong. Try again in a moment.",
} as const;

export type WidgetMessageKey = keyof typeof WIDGET_EN;
