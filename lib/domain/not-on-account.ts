import { STATEMENT_CATALOGS } from "./catalogs/statements";
import type { ClaimFacts } from "./claim-facts";
import { translator } from "./i18n";
import { inferOrderNumbers } from "./parse-request";

/*
 * "I can't find order A1099 on your account", rendered from the records: said only of an order
 * number that is not one of the customer's orders, and naming it only when the customer typed it
 * themselves. An order of another customer reads exactly like one that does not exist, so the
 * sentence never tells whether it exists for someone else.
 */

type OrderFacts = Pick<ClaimFacts, "orders" | "customerOrderMentions">;
type OrderFactsInLanguage = OrderFacts & Pick<ClaimFacts, "language">;

function canonicalOrderNumber(raw: string): string | null {
  return inferOrderNumbers(raw.trim())[0] ?? null;
}

function isCustomersOrder(facts: OrderFacts, orderNumber: string): boolean {
  return facts.orders.some((order) => canonicalOrderNumber(order.orderNumber) === orderNumber);
}

/** The order numbers the customer typed that are not on their account, in the order typed. */
export function ordersNotOnAccount(facts: OrderFacts): string[] {
  return facts.customerOrderMentions.filter((number) => !isCustomersOrder(facts, number));
}

export type OrderNotFoundText = { ok: true; text: string } | { ok: false; reason: string };

/** The sentence in the conversation's language; a reason (for the model) when it would be false. */
export function orderNotFoundText(
  facts: OrderFactsInLanguage,
  orderNumber: string | undefined,
): OrderNotFoundText {
  const wanted = orderNumber === undefined ? null : canonicalOrderNumber(orderNumber);
  if (wanted !== null && isCustomersOrder(facts, wanted)) {
    return {
      ok: false,
      reason: `Order ${wanted} is on this customer's account; look it up with lookup_order.`,
    };
  }
  const t = translator(STATEMENT_CATALOGS, facts.language);
  const typed = wanted !== null && facts.customerOrderMentions.includes(wanted);
  const own = facts.orders.map((order) => order.orderNumber);
  const next =
    own.length === 0
      ? t("order_not_found_no_orders")
      : t("order_not_found_own_orders", { count: own.length, orders: own.join(", ") });
  return {
    ok: true,
    text: t("order_not_found", {
      typed: typed ? "yes" : "no",
      orderNumber: wanted ?? "",
      next,
    }),
  };
}
