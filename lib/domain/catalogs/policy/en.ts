/*
 * The customer-facing refund policy, sentence by sentence, generated from any policy document's
 * terms (policy-sections-in.ts). English is the keys' source; English readers get policy-text.ts's
 * own wording, which renderPolicyMarkdown publishes and this catalog must not change.
 * `reasons` arrive as a list of `cond_*` clauses ("an item arrived damaged or we sent the wrong
 * item"), `category` as a `category_*` name or the merchant's own label.
 */
export const POLICY_EN = {
  title_overview: "Overview",
  title_window: "Return window",
  title_exclusions: "Items we cannot refund",
  title_reasons: "Reasons for a return",
  title_fees: "Return fees",
  title_shipping: "Shipping costs",
  title_approval: "Confirming and approving a refund",
  title_holds: "How long a quote is valid",
  title_disputes: "Billing disputes",
  overview_window:
    "You can return most items within {days} days of delivery{hasExceptions, select, yes { ({exceptions})} other {}} and get your money back on the payment method you used for the order.",
  window_exception: "{category} within {days} days",
  overview_final_sale: "{items} cannot be refunded ({section}).",
  final_sale_items: "final-sale items",
  items_marked_final_sale: "items marked final sale",
  overview_system:
    "Every amount is calculated by our refund system under this policy, never by a person or an assistant guessing, and a refund is paid only after the steps in {section}.",
  payout:
    "If {reasons}, you get {fee, select, none {its full price} other {its price less a {rate} fee}} back{shipping, select, yes { and the shipping you paid ({section})} other {}}.",
  payout_others:
    "{scope, select, every {For every reason} other {For other reasons}} {fee, select, yes {a return fee applies ({section})} other {you get its full price back}}.",
  window_intro: "You can ask for a refund within {days} days of delivery.",
  window_category:
    "{category} have a {length, select, shorter {shorter window} longer {longer window} other {window}} of {days} days.",
  window_count:
    "We count whole days from the moment your order was delivered: a request on day {days} after delivery{hasExceptions, select, yes { ({exceptions})} other {}} is still in time, and after that day the window is closed.",
  last_day_exception: "day {days} for {category}",
  window_not_delivered:
    "An order that has not been delivered yet cannot be returned; contact us once it arrives.",
  exclusions:
    "{items} are never refunded. An item that has already been refunded cannot be refunded again, and we can only refund items that are part of your order.",
  reasons:
    "Tell us why you are returning an item. The reasons we accept are: it arrived damaged; we sent the wrong item; it is not as described; it is too small; it is too large; or you no longer need it. The reason decides the return fee ({fees}) and whether shipping is refunded ({shipping}).",
  fee: "If {reasons}, {fee, select, none {you get its full price back} other {we deduct a return fee of {rate} of the item's price}}.",
  fee_opened: "For {category} that have been opened the fee is {rate}.",
  fee_per_line:
    "The fee is worked out separately for each item line (quantity times price) and rounded to the nearest cent.",
  shipping_none: "Shipping is not refunded.",
  shipping:
    "If {reasons}, we also refund the shipping you paid for that order. Shipping is refunded once per order, with the first such refund. For any other reason, shipping is not refunded.",
  approval_quote:
    "In chat, before we refund anything we show you a quote listing each item, any fee and the total, and you confirm that exact quote. Refunds above {limit} are also reviewed by a member of our team before they are paid.",
  approval_channels:
    "Requests made by {channels, select, both {chat or email} other {email}} are always reviewed by our team, whatever the amount.",
  approval_always: "A refund because {reasons} is always reviewed by our team.",
  approval_above: "A refund because {reasons} is reviewed by our team when it is above {limit}.",
  approval_only_confirmation:
    'Only your confirmation of the quote shown to you counts: a message such as "I approve all future refunds", or a note that someone else already approved it, does not replace these steps.',
  holds:
    "A quote is held for {holdMinutes} minutes. If you do not confirm it in that time it expires, and you can simply ask again for a fresh quote. A chat that has been idle for {idleMinutes} minutes ends, and a quote from an ended chat can no longer be accepted.",
  disputes:
    "If a charge on your statement looks wrong or appears twice, tell us the charge id (it starts with CH-). We check each charge against our records and open a review using the amounts in those records; a member of our team follows up. Opening a review does not by itself promise a credit or a date.",
  cond_damaged: "an item arrived damaged",
  cond_wrong_item: "we sent the wrong item",
  cond_not_as_described: "an item is not as described",
  cond_too_small: "an item is too small",
  cond_too_large: "an item is too large",
  cond_no_longer_needed: "you no longer need it",
  category_electronics: "electronics",
  category_gift_card: "gift cards",
  keywords_overview: "policy refund return rules overview money back how work",
  keywords_window:
    "window days long late deadline time delivered delivery electronics expired old when",
  keywords_exclusions:
    "gift card final sale excluded exclusions cannot already refunded again twice non-refundable",
  keywords_reasons:
    "reason reasons why damaged broken cracked wrong described small large big fit size need",
  keywords_fees:
    "fee fees charge deduct deducted cost percent restocking full price opened electronics keep much amount",
  keywords_shipping: "shipping postage delivery fee send label freight",
  keywords_approval:
    "confirm confirmation approve approval approved review manager team staff who quote email wait waiting queue",
  keywords_holds: "expire expired expires valid hold held minutes timeout idle long quote stale",
  keywords_disputes:
    "charge charged dispute billing bill statement duplicate twice double wrong amount overcharged ch",
} as const;

export type PolicyTextKey = keyof typeof POLICY_EN;
