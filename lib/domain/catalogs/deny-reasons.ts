import { defineCatalogs } from "../i18n";

/*
 * Why the policy refuses a line, as the customer reads it, keyed by the deny reason's code
 * (deny-reasons.ts, whose English `message` staff and the model read). English here is that
 * message, word for word.
 */
export const DENY_REASON_CATALOGS = defineCatalogs(
  {
    NO_LINES_SELECTED:
      "No items were selected for a refund. Tell us which items you would like to return.",
    NOT_DELIVERED: "Order {orderNumber} has not been delivered yet, so it cannot be returned yet.",
    UNKNOWN_LINE: "We could not find that item on order {orderNumber}.",
    FINAL_SALE: "{item} is a final-sale item and cannot be refunded.",
    ALREADY_REFUNDED: "{item} has already been refunded.",
    OUTSIDE_WINDOW:
      "{item} was delivered {days} days ago, outside the {windowDays}-day return window{hasScope, select, yes { for {scope}} other {}}.",
    NOTHING_TO_REFUND: "There is no amount to refund for the selected items.",
  },
  {
    es: {
      NO_LINES_SELECTED:
        "No se seleccionó ningún artículo para reembolsar. Dinos qué artículos quieres devolver.",
      NOT_DELIVERED:
        "El pedido {orderNumber} todavía no se ha entregado, así que aún no se puede devolver.",
      UNKNOWN_LINE: "No encontramos ese artículo en el pedido {orderNumber}.",
      FINAL_SALE: "{item} es un artículo de venta final y no se puede reembolsar.",
      ALREADY_REFUNDED: "{item} ya se ha reembolsado.",
      OUTSIDE_WINDOW:
        "{item} se entregó hace {days} días, fuera del plazo de devolución de {windowDays} días{hasScope, select, yes { para {scope}} other {}}.",
      NOTHING_TO_REFUND: "No hay ningún importe que reembolsar por los artículos seleccionados.",
    },
    de: {
      NO_LINES_SELECTED:
        "Es wurden keine Artikel für eine Erstattung ausgewählt. Sag uns, welche Artikel du zurückgeben möchtest.",
      NOT_DELIVERED:
        "Die Bestellung {orderNumber} wurde noch nicht geliefert und kann deshalb noch nicht zurückgegeben werden.",
      UNKNOWN_LINE: "Wir konnten diesen Artikel in der Bestellung {orderNumber} nicht finden.",
      FINAL_SALE: "{item} ist ein Final-Sale-Artikel und kann nicht erstattet werden.",
      ALREADY_REFUNDED: "{item} wurde bereits erstattet.",
      OUTSIDE_WINDOW:
        "{item} wurde vor {days} Tagen geliefert, außerhalb der Rückgabefrist von {windowDays} Tagen{hasScope, select, yes { für {scope}} other {}}.",
      NOTHING_TO_REFUND: "Für die ausgewählten Artikel gibt es keinen Betrag zu erstatten.",
    },
    fr: {
      NO_LINES_SELECTED:
        "Aucun article n'a été sélectionné pour un remboursement. Dites-nous quels articles vous souhaitez retourner.",
      NOT_DELIVERED:
        "La commande {orderNumber} n'a pas encore été livrée, elle ne peut donc pas encore être retournée.",
      UNKNOWN_LINE: "Nous n'avons pas trouvé cet article dans la commande {orderNumber}.",
      FINAL_SALE: "{item} est un article en vente finale et ne peut pas être remboursé.",
      ALREADY_REFUNDED: "{item} a déjà été remboursé.",
      OUTSIDE_WINDOW:
        "{item} a été livré il y a {days} jours, en dehors du délai de retour de {windowDays} jours{hasScope, select, yes { pour {scope}} other {}}.",
      NOTHING_TO_REFUND: "Il n'y a aucun montant à rembourser pour les articles sélectionnés.",
    },
    pt: {
      NO_LINES_SELECTED:
        "Nenhum item foi selecionado para reembolso. Diga quais itens você quer devolver.",
      NOT_DELIVERED:
        "O pedido {orderNumber} ainda não foi entregue, então ainda não pode ser devolvido.",
      UNKNOWN_LINE: "Não encontramos esse item no pedido {orderNumber}.",
      FINAL_SALE: "{item} é um item de venda final e não pode ser reembolsado.",
      ALREADY_REFUNDED: "{item} já foi reembolsado.",
      OUTSIDE_WINDOW:
        "{item} foi entregue há {days} dias, fora do prazo de devolução de {windowDays} dias{hasScope, select, yes { para {scope}} other {}}.",
      NOTHING_TO_REFUND: "Não há valor a reembolsar pelos itens selecionados.",
    },
    it: {
      NO_LINES_SELECTED:
        "Non è stato selezionato nessun articolo da rimborsare. Dicci quali articoli vuoi restituire.",
      NOT_DELIVERED:
        "L''ordine {orderNumber} non è ancora stato consegnato, quindi non può ancora essere restituito.",
      UNKNOWN_LINE: "Non abbiamo trovato quell''articolo nell''ordine {orderNumber}.",
      FINAL_SALE: "{item} è un articolo in vendita finale e non può essere rimborsato.",
      ALREADY_REFUNDED: "{item} è già stato rimborsato.",
      OUTSIDE_WINDOW:
        "{item} è stato consegnato {days} giorni fa, oltre il termine di reso di {windowDays} giorni{hasScope, select, yes { per {scope}} other {}}.",
      NOTHING_TO_REFUND: "Non c''è alcun importo da rimborsare per gli articoli selezionati.",
    },
    nl: {
      NO_LINES_SELECTED:
        "Er zijn geen artikelen geselecteerd voor een terugbetaling. Vertel ons welke artikelen je wilt retourneren.",
      NOT_DELIVERED:
        "Bestelling {orderNumber} is nog niet geleverd en kan dus nog niet worden geretourneerd.",
      UNKNOWN_LINE: "We konden dat artikel niet vinden in bestelling {orderNumber}.",
      FINAL_SALE: "{item} is een final-sale-artikel en kan niet worden terugbetaald.",
      ALREADY_REFUNDED: "{item} is al terugbetaald.",
      OUTSIDE_WINDOW:
        "{item} is {days} dagen geleden geleverd, buiten de retourtermijn van {windowDays} dagen{hasScope, select, yes { voor {scope}} other {}}.",
      NOTHING_TO_REFUND: "Er is geen bedrag terug te betalen voor de geselecteerde artikelen.",
    },
    ja: {
      NO_LINES_SELECTED: "返金する商品が選ばれていません。返品したい商品をお知らせください。",
      NOT_DELIVERED: "注文{orderNumber}はまだお届けしていないため、まだ返品できません。",
      UNKNOWN_LINE: "注文{orderNumber}にその商品が見つかりませんでした。",
      FINAL_SALE: "{item}は最終セール品のため、返金できません。",
      ALREADY_REFUNDED: "{item}はすでに返金済みです。",
      OUTSIDE_WINDOW:
        "{item}は{days}日前にお届けしており、{hasScope, select, yes {{scope}の} other {}}返品期限（{windowDays}日）を過ぎています。",
      NOTHING_TO_REFUND: "選択された商品には返金できる金額がありません。",
    },
  },
);
