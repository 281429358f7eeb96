import { defineCatalogs } from "../i18n";

/*
 * The message that shows a customer a quote (quote-presentation.ts) and the quote's table
 * (quote.ts `renderQuoteMarkdown`). Amounts arrive formatted; item names are the shop's own.
 */
export const QUOTE_CATALOGS = defineCatalogs(
  {
    intro:
      "{again, select, yes {Here is your quote for order {orderNumber} again:} other {Here is the refund I can offer for order {orderNumber}:}}",
    not_included: "Not included:",
    assumed_reason_lead: "You haven't told us why you're returning it, so this quote assumes:",
    assumed_reason_tail: "If that's not right, tell me the reason instead of confirming.",
    confirm:
      "Reply **yes** to confirm this exact refund, or **no** to cancel. The quote is held for {minutes, plural, one {# more minute} other {# more minutes}}.",
    fresh_quote_invitation:
      "Nothing was refunded on this quote. Ask for a fresh quote and I'll check what can still be refunded.",
    outdated:
      "I couldn't accept that confirmation: the quote for order {orderNumber} is no longer valid.",
    table_header: "| Item | Qty | Unit price | Return fee | Refund |",
    no_fee: "none",
    shipping: "Shipping",
    total: "Total refund",
    footer: "Refund to {target} · order {orderNumber} · reason: {reason} · {policyVersion}",
    reason_damaged: "arrived damaged",
    reason_wrong_item: "wrong item sent",
    reason_not_as_described: "not as described",
    reason_too_small: "too small",
    reason_too_large: "too large",
    reason_no_longer_needed: "no longer needed",
  },
  {
    es: {
      intro:
        "{again, select, yes {Aquí tienes de nuevo tu presupuesto para el pedido {orderNumber}:} other {Este es el reembolso que puedo ofrecerte para el pedido {orderNumber}:}}",
      not_included: "No incluido:",
      assumed_reason_lead:
        "No nos has dicho por qué lo devuelves, así que este presupuesto supone:",
      assumed_reason_tail: "Si no es así, dime el motivo en lugar de confirmar.",
      confirm:
        "Responde **sí** para confirmar exactamente este reembolso o **no** para cancelarlo. El presupuesto se mantiene {minutes, plural, one {# minuto más} other {# minutos más}}.",
      fresh_quote_invitation:
        "No se reembolsó nada con este presupuesto. Pide uno nuevo y comprobaré qué se puede reembolsar todavía.",
      outdated:
        "No he podido aceptar esa confirmación: el presupuesto del pedido {orderNumber} ya no es válido.",
      table_header: "| Artículo | Cant. | Precio unitario | Comisión de devolución | Reembolso |",
      no_fee: "ninguna",
      shipping: "Envío",
      total: "Reembolso total",
      footer: "Reembolso a {target} · pedido {orderNumber} · motivo: {reason} · {policyVersion}",
      reason_damaged: "llegó dañado",
      reason_wrong_item: "se envió un artículo equivocado",
      reason_not_as_described: "no es como se describía",
      reason_too_small: "demasiado pequeño",
      reason_too_large: "demasiado grande",
      reason_no_longer_needed: "ya no lo necesitas",
    },
    de: {
      intro:
        "{again, select, yes {Hier ist noch einmal dein Angebot für die Bestellung {orderNumber}:} other {Diese Erstattung kann ich dir für die Bestellung {orderNumber} anbieten:}}",
      not_included: "Nicht enthalten:",
      assumed_reason_lead:
        "Du hast uns nicht gesagt, warum du den Artikel zurückschickst, daher geht dieses Angebot von Folgendem aus:",
      assumed_reason_tail: "Wenn das nicht stimmt, nenn mir den Grund, statt zu bestätigen.",
      confirm:
        "Antworte mit **ja**, um genau diese Erstattung zu bestätigen, oder mit **nein**, um sie abzubrechen. Das Angebot gilt noch {minutes, plural, one {# Minute} other {# Minuten}}.",
      fresh_quote_invitation:
        "Auf dieses Angebot wurde nichts erstattet. Frag nach einem neuen Angebot, dann prüfe ich, was noch erstattet werden kann.",
      outdated:
        "Ich konnte diese Bestätigung nicht annehmen: Das Angebot für die Bestellung {orderNumber} ist nicht mehr gültig.",
      table_header: "| Artikel | Menge | Stückpreis | Rücksendegebühr | Erstattung |",
      no_fee: "keine",
      shipping: "Versand",
      total: "Erstattung gesamt",
      footer:
        "Erstattung an {target} · Bestellung {orderNumber} · Grund: {reason} · {policyVersion}",
      reason_damaged: "beschädigt angekommen",
      reason_wrong_item: "falscher Artikel geliefert",
      reason_not_as_described: "nicht wie beschrieben",
      reason_too_small: "zu klein",
      reason_too_large: "zu groß",
      reason_no_longer_needed: "nicht mehr benötigt",
    },
    fr: {
      intro:
        "{again, select, yes {Voici à nouveau votre devis pour la commande {orderNumber} :} other {Voici le remboursement que je peux vous proposer pour la commande {orderNumber} :}}",
      not_included: "Non inclus :",
      assumed_reason_lead:
        "Vous ne nous avez pas dit pourquoi vous le retournez, ce devis suppose donc :",
      assumed_reason_tail: "Si ce n'est pas le cas, indiquez-moi le motif au lieu de confirmer.",
      confirm:
        "Répondez **oui** pour confirmer exactement ce remboursement, ou **non** pour l'annuler. Le devis est conservé encore {minutes, plural, one {# minute} other {# minutes}}.",
      fresh_quote_invitation:
        "Rien n'a été remboursé sur ce devis. Demandez un nouveau devis et je vérifierai ce qui peut encore être remboursé.",
      outdated:
        "Je n'ai pas pu accepter cette confirmation : le devis de la commande {orderNumber} n'est plus valable.",
      table_header: "| Article | Qté | Prix unitaire | Frais de retour | Remboursement |",
      no_fee: "aucun",
      shipping: "Livraison",
      total: "Remboursement total",
      footer:
        "Remboursement sur {target} · commande {orderNumber} · motif : {reason} · {policyVersion}",
      reason_damaged: "arrivé endommagé",
      reason_wrong_item: "mauvais article envoyé",
      reason_not_as_described: "non conforme à la description",
      reason_too_small: "trop petit",
      reason_too_large: "trop grand",
      reason_no_longer_needed: "plus nécessaire",
    },
    pt: {
      intro:
        "{again, select, yes {Aqui está de novo o seu orçamento para o pedido {orderNumber}:} other {Este é o reembolso que posso oferecer para o pedido {orderNumber}:}}",
      not_included: "Não incluído:",
      assumed_reason_lead:
        "Você não nos disse por que está devolvendo, então este orçamento considera:",
      assumed_reason_tail: "Se não for isso, me diga o motivo em vez de confirmar.",
      confirm:
        "Responda **sim** para confirmar exatamente este reembolso ou **não** para cancelar. O orçamento fica reservado por mais {minutes, plural, one {# minuto} other {# minutos}}.",
      fresh_quote_invitation:
        "Nada foi reembolsado com este orçamento. Peça um novo orçamento e eu verifico o que ainda pode ser reembolsado.",
      outdated:
        "Não consegui aceitar essa confirmação: o orçamento do pedido {orderNumber} não é mais válido.",
      table_header: "| Item | Qtd. | Preço unitário | Taxa de devolução | Reembolso |",
      no_fee: "nenhuma",
      shipping: "Frete",
      total: "Reembolso total",
      footer: "Reembolso para {target} · pedido {orderNumber} · motivo: {reason} · {policyVersion}",
      reason_damaged: "chegou danificado",
      reason_wrong_item: "item errado enviado",
      reason_not_as_described: "diferente do anunciado",
      reason_too_small: "pequeno demais",
      reason_too_large: "grande demais",
      reason_no_longer_needed: "não precisa mais",
    },
    it: {
      intro:
        "{again, select, yes {Ecco di nuovo il tuo preventivo per l''ordine {orderNumber}:} other {Ecco il rimborso che posso offrirti per l''ordine {orderNumber}:}}",
      not_included: "Non incluso:",
      assumed_reason_lead:
        "Non ci hai detto perché lo restituisci, quindi questo preventivo presuppone:",
      assumed_reason_tail: "Se non è così, dimmi il motivo invece di confermare.",
      confirm:
        "Rispondi **sì** per confermare esattamente questo rimborso oppure **no** per annullarlo. Il preventivo resta valido per {minutes, plural, one {ancora # minuto} other {altri # minuti}}.",
      fresh_quote_invitation:
        "Con questo preventivo non è stato rimborsato nulla. Chiedi un nuovo preventivo e verificherò cosa si può ancora rimborsare.",
      outdated:
        "Non ho potuto accettare quella conferma: il preventivo per l'ordine {orderNumber} non è più valido.",
      table_header: "| Articolo | Q.tà | Prezzo unitario | Commissione di reso | Rimborso |",
      no_fee: "nessuna",
      shipping: "Spedizione",
      total: "Rimborso totale",
      footer: "Rimborso su {target} · ordine {orderNumber} · motivo: {reason} · {policyVersion}",
      reason_damaged: "arrivato danneggiato",
      reason_wrong_item: "articolo sbagliato inviato",
      reason_not_as_described: "non conforme alla descrizione",
      reason_too_small: "troppo piccolo",
      reason_too_large: "troppo grande",
      reason_no_longer_needed: "non più necessario",
    },
    nl: {
      intro:
        "{again, select, yes {Hier is nogmaals je offerte voor bestelling {orderNumber}:} other {Dit is de terugbetaling die ik je kan aanbieden voor bestelling {orderNumber}:}}",
      not_included: "Niet inbegrepen:",
      assumed_reason_lead:
        "Je hebt ons niet verteld waarom je het terugstuurt, dus deze offerte gaat uit van:",
      assumed_reason_tail: "Klopt dat niet, vertel me dan de reden in plaats van te bevestigen.",
      confirm:
        "Antwoord **ja** om precies deze terugbetaling te bevestigen, of **nee** om te annuleren. De offerte blijft nog {minutes, plural, one {# minuut} other {# minuten}} staan.",
      fresh_quote_invitation:
        "Er is niets terugbetaald op deze offerte. Vraag om een nieuwe offerte en ik kijk wat er nog terugbetaald kan worden.",
      outdated:
        "Ik kon die bevestiging niet aannemen: de offerte voor bestelling {orderNumber} is niet meer geldig.",
      table_header: "| Artikel | Aantal | Stukprijs | Retourkosten | Terugbetaling |",
      no_fee: "geen",
      shipping: "Verzending",
      total: "Totale terugbetaling",
      footer:
        "Terugbetaling naar {target} · bestelling {orderNumber} · reden: {reason} · {policyVersion}",
      reason_damaged: "beschadigd aangekomen",
      reason_wrong_item: "verkeerd artikel gestuurd",
      reason_not_as_described: "niet zoals beschreven",
      reason_too_small: "te klein",
      reason_too_large: "te groot",
      reason_no_longer_needed: "niet meer nodig",
    },
    ja: {
      intro:
        "{again, select, yes {注文{orderNumber}のお見積もりをもう一度お送りします：} other {注文{orderNumber}についてご提案できる返金は次のとおりです：}}",
      not_included: "対象外：",
      assumed_reason_lead:
        "返品の理由をまだ伺っていないため、このお見積もりは次の理由を前提としています：",
      assumed_reason_tail: "違う場合は、確定せずに理由をお知らせください。",
      confirm:
        "この内容の返金を確定する場合は「**はい**」、取り消す場合は「**いいえ**」とご返信ください。このお見積もりはあと{minutes, plural, other {#分間}}有効です。",
      fresh_quote_invitation:
        "このお見積もりでは何も返金されていません。新しいお見積もりをご依頼いただければ、まだ返金できるものを確認します。",
      outdated:
        "その確定は受け付けられませんでした。注文{orderNumber}のお見積もりはすでに無効です。",
      table_header: "| 商品 | 数量 | 単価 | 返品手数料 | 返金額 |",
      no_fee: "なし",
      shipping: "送料",
      total: "返金合計",
      footer: "返金先：{target} · 注文{orderNumber} · 理由：{reason} · {policyVersion}",
      reason_damaged: "破損して届いた",
      reason_wrong_item: "誤った商品が届いた",
      reason_not_as_described: "説明と異なる",
      reason_too_small: "小さすぎる",
      reason_too_large: "大きすぎる",
      reason_no_longer_needed: "不要になった",
    },
  },
);

export type QuoteTextKey = keyof typeof QUOTE_CATALOGS.en;
