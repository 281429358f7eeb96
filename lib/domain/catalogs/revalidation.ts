import { defineCatalogs } from "../i18n";

/**
 * Why a quote the customer said yes to no longer holds, one line per reason, in the customer's
 * language (revalidate-notices.ts). English reads as the engine's own messages (revalidate.ts);
 * these mirror them. `{parts}` is already a list in the language (order-changed.ts part words).
 */
export const REVALIDATION_CATALOGS = defineCatalogs(
  {
    LINE_MISSING: "{item} is no longer on order {orderNumber}.",
    LINE_ALREADY_REFUNDED: "{item} has already been refunded.",
    LINE_IN_FLIGHT: "{item} is already part of another refund that is under way.",
    SHIPPING_ALREADY_REFUNDED:
      "Shipping for order {orderNumber} has already been refunded or is being refunded.",
    QUOTE_CHANGED: "The refund policy now gives a different amount for these items.",
    ORDER_CHANGED: "Order {orderNumber} changed since the quote was made: {parts} changed.",
    ORDER_CHANGED_IN_STORE:
      "Order {orderNumber} changed in the store since the quote was made: {parts} changed.",
  },
  {
    es: {
      LINE_MISSING: "{item} ya no está en el pedido {orderNumber}.",
      LINE_ALREADY_REFUNDED: "{item} ya se ha reembolsado.",
      LINE_IN_FLIGHT: "{item} ya forma parte de otro reembolso que está en curso.",
      SHIPPING_ALREADY_REFUNDED:
        "El envío del pedido {orderNumber} ya se ha reembolsado o se está reembolsando.",
      QUOTE_CHANGED: "La política de reembolsos ahora da otro importe para estos artículos.",
      ORDER_CHANGED:
        "El pedido {orderNumber} ha cambiado desde que se hizo el presupuesto: cambiaron {parts}.",
      ORDER_CHANGED_IN_STORE:
        "El pedido {orderNumber} ha cambiado en la tienda desde que se hizo el presupuesto: cambiaron {parts}.",
    },
    de: {
      LINE_MISSING: "{item} ist nicht mehr Teil der Bestellung {orderNumber}.",
      LINE_ALREADY_REFUNDED: "{item} wurde bereits erstattet.",
      LINE_IN_FLIGHT: "{item} ist bereits Teil einer anderen Erstattung, die gerade läuft.",
      SHIPPING_ALREADY_REFUNDED:
        "Der Versand der Bestellung {orderNumber} wurde bereits erstattet oder wird gerade erstattet.",
      QUOTE_CHANGED:
        "Die Erstattungsrichtlinie ergibt jetzt einen anderen Betrag für diese Artikel.",
      ORDER_CHANGED:
        "Die Bestellung {orderNumber} hat sich seit dem Angebot geändert: {parts} haben sich geändert.",
      ORDER_CHANGED_IN_STORE:
        "Die Bestellung {orderNumber} hat sich im Shop seit dem Angebot geändert: {parts} haben sich geändert.",
    },
    fr: {
      LINE_MISSING: "{item} ne fait plus partie de la commande {orderNumber}.",
      LINE_ALREADY_REFUNDED: "{item} a déjà été remboursé.",
      LINE_IN_FLIGHT: "{item} fait déjà partie d'un autre remboursement en cours.",
      SHIPPING_ALREADY_REFUNDED:
        "La livraison de la commande {orderNumber} a déjà été remboursée ou est en cours de remboursement.",
      QUOTE_CHANGED:
        "La politique de remboursement donne maintenant un autre montant pour ces articles.",
      ORDER_CHANGED: "La commande {orderNumber} a changé depuis le devis : {parts} ont changé.",
      ORDER_CHANGED_IN_STORE:
        "La commande {orderNumber} a changé dans la boutique depuis le devis : {parts} ont changé.",
    },
    pt: {
      LINE_MISSING: "{item} não está mais no pedido {orderNumber}.",
      LINE_ALREADY_REFUNDED: "{item} já foi reembolsado.",
      LINE_IN_FLIGHT: "{item} já faz parte de outro reembolso em andamento.",
      SHIPPING_ALREADY_REFUNDED:
        "O frete do pedido {orderNumber} já foi reembolsado ou está sendo reembolsado.",
      QUOTE_CHANGED: "A política de reembolso agora dá outro valor para estes itens.",
      ORDER_CHANGED: "O pedido {orderNumber} mudou desde o orçamento: mudaram {parts}.",
      ORDER_CHANGED_IN_STORE:
        "O pedido {orderNumber} mudou na loja desde o orçamento: mudaram {parts}.",
    },
    it: {
      LINE_MISSING: "{item} non è più nell'ordine {orderNumber}.",
      LINE_ALREADY_REFUNDED: "{item} è già stato rimborsato.",
      LINE_IN_FLIGHT: "{item} fa già parte di un altro rimborso in corso.",
      SHIPPING_ALREADY_REFUNDED:
        "La spedizione dell'ordine {orderNumber} è già stata rimborsata o è in corso di rimborso.",
      QUOTE_CHANGED: "La politica di rimborso ora dà un importo diverso per questi articoli.",
      ORDER_CHANGED: "L'ordine {orderNumber} è cambiato dal preventivo: sono cambiati {parts}.",
      ORDER_CHANGED_IN_STORE:
        "L'ordine {orderNumber} è cambiato nel negozio dal preventivo: sono cambiati {parts}.",
    },
    nl: {
      LINE_MISSING: "{item} staat niet meer op bestelling {orderNumber}.",
      LINE_ALREADY_REFUNDED: "{item} is al terugbetaald.",
      LINE_IN_FLIGHT: "{item} hoort al bij een andere terugbetaling die loopt.",
      SHIPPING_ALREADY_REFUNDED:
        "De verzendkosten van bestelling {orderNumber} zijn al terugbetaald of worden terugbetaald.",
      QUOTE_CHANGED: "Het terugbetalingsbeleid geeft nu een ander bedrag voor deze artikelen.",
      ORDER_CHANGED:
        "Bestelling {orderNumber} is veranderd sinds de offerte: {parts} zijn veranderd.",
      ORDER_CHANGED_IN_STORE:
        "Bestelling {orderNumber} is in de winkel veranderd sinds de offerte: {parts} zijn veranderd.",
    },
    ja: {
      LINE_MISSING: "{item}は注文{orderNumber}に含まれなくなりました。",
      LINE_ALREADY_REFUNDED: "{item}はすでに返金されています。",
      LINE_IN_FLIGHT: "{item}はすでに進行中の別の返金に含まれています。",
      SHIPPING_ALREADY_REFUNDED: "注文{orderNumber}の送料はすでに返金済み、または返金中です。",
      QUOTE_CHANGED: "現在の返金ポリシーでは、これらの商品の返金額が変わります。",
      ORDER_CHANGED: "注文{orderNumber}はお見積もり後に変更されました（{parts}が変更）。",
      ORDER_CHANGED_IN_STORE:
        "注文{orderNumber}はお見積もり後にストアで変更されました（{parts}が変更）。",
    },
  },
);
