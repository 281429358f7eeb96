import { defineCatalogs } from "../i18n";

/** What the customer reads when a quote they agreed to met an order that changed (revalidate-notices.ts). */
export const ORDER_CHANGED_CATALOGS = defineCatalogs(
  {
    part_items: "the items on it",
    part_refunds: "the refunds made on it",
    part_delivery: "its delivery details",
    subject: "About your refund for order {orderNumber}",
    what_gone: "our store no longer has it",
    what_changed: "it has changed since you agreed to that quote ({parts} changed)",
    at_payment:
      "Before paying your refund of {refund} for order {orderNumber}, I checked the order again: {what}. So I couldn't pay that quote, and nothing was refunded.",
    confirm_new_quote:
      "Here is a new quote for the order as it is now; please check it and reply yes if it's right.",
    requoted_for_approver:
      "I've made a new quote for the order as it is now: {amount}. A member of our team needs to approve it, and you'll get an email once it's paid.",
    no_longer_refundable: "These items can no longer be refunded.",
    no_longer_refundable_because: "These items can no longer be refunded:",
    other_quote_open:
      "Your other open quote in this conversation still stands; please answer that one.",
    order_gone: "Reply here if you still need help with this order.",
    nothing_refunded: "Nothing was refunded on this quote. {next}",
  },
  {
    es: {
      part_items: "los artículos",
      part_refunds: "los reembolsos hechos sobre él",
      part_delivery: "los datos de entrega",
      subject: "Sobre tu reembolso del pedido {orderNumber}",
      what_gone: "nuestra tienda ya no lo tiene",
      what_changed: "ha cambiado desde que aceptaste ese presupuesto (cambiaron {parts})",
      at_payment:
        "Antes de pagar tu reembolso de {refund} del pedido {orderNumber}, volví a revisar el pedido: {what}. Por eso no pude pagar ese presupuesto y no se reembolsó nada.",
      confirm_new_quote:
        "Aquí tienes un presupuesto nuevo para el pedido tal como está ahora; revísalo y responde sí si es correcto.",
      requoted_for_approver:
        "He preparado un presupuesto nuevo para el pedido tal como está ahora: {amount}. Una persona de nuestro equipo tiene que aprobarlo y recibirás un correo cuando se pague.",
      no_longer_refundable: "Estos artículos ya no se pueden reembolsar.",
      no_longer_refundable_because: "Estos artículos ya no se pueden reembolsar:",
      other_quote_open:
        "Tu otro presupuesto abierto en esta conversación sigue en pie; responde a ese, por favor.",
      order_gone: "Responde aquí si todavía necesitas ayuda con este pedido.",
      nothing_refunded: "No se reembolsó nada con este presupuesto. {next}",
    },
    de: {
      part_items: "die Artikel darin",
      part_refunds: "die Erstattungen darauf",
      part_delivery: "die Lieferdaten",
      subject: "Zu deiner Erstattung für die Bestellung {orderNumber}",
      what_gone: "unser Shop hat sie nicht mehr",
      what_changed:
        "sie hat sich geändert, seit du dem Angebot zugestimmt hast ({parts} haben sich geändert)",
      at_payment:
        "Bevor ich deine Erstattung von {refund} für die Bestellung {orderNumber} ausgezahlt habe, habe ich die Bestellung noch einmal geprüft: {what}. Deshalb konnte ich dieses Angebot nicht auszahlen, und es wurde nichts erstattet.",
      confirm_new_quote:
        "Hier ist ein neues Angebot für die Bestellung, wie sie jetzt ist; bitte prüfe es und antworte mit ja, wenn es stimmt.",
      requoted_for_approver:
        "Ich habe ein neues Angebot für die Bestellung erstellt, wie sie jetzt ist: {amount}. Jemand aus unserem Team muss es genehmigen, und du bekommst eine E-Mail, sobald es ausgezahlt ist.",
      no_longer_refundable: "Diese Artikel können nicht mehr erstattet werden.",
      no_longer_refundable_because: "Diese Artikel können nicht mehr erstattet werden:",
      other_quote_open:
        "Dein anderes offenes Angebot in diesem Gespräch gilt weiterhin; bitte antworte auf dieses.",
      order_gone: "Antworte hier, wenn du noch Hilfe mit dieser Bestellung brauchst.",
      nothing_refunded: "Auf dieses Angebot wurde nichts erstattet. {next}",
    },
    fr: {
      part_items: "ses articles",
      part_refunds: "les remboursements effectués dessus",
      part_delivery: "ses informations de livraison",
      subject: "À propos de votre remboursement pour la commande {orderNumber}",
      what_gone: "notre boutique ne l'a plus",
      what_changed:
        "elle a changé depuis que vous avez accepté ce devis (modification de : {parts})",
      at_payment:
        "Avant de verser votre remboursement de {refund} pour la commande {orderNumber}, j'ai vérifié à nouveau la commande : {what}. Je n'ai donc pas pu payer ce devis, et rien n'a été remboursé.",
      confirm_new_quote:
        "Voici un nouveau devis pour la commande telle qu'elle est maintenant ; vérifiez-le et répondez oui s'il est correct.",
      requoted_for_approver:
        "J'ai préparé un nouveau devis pour la commande telle qu'elle est maintenant : {amount}. Un membre de notre équipe doit l'approuver, et vous recevrez un e-mail une fois le paiement effectué.",
      no_longer_refundable: "Ces articles ne peuvent plus être remboursés.",
      no_longer_refundable_because: "Ces articles ne peuvent plus être remboursés :",
      other_quote_open:
        "Votre autre devis ouvert dans cette conversation reste valable ; merci d'y répondre.",
      order_gone: "Répondez ici si vous avez encore besoin d'aide pour cette commande.",
      nothing_refunded: "Rien n'a été remboursé sur ce devis. {next}",
    },
    pt: {
      part_items: "os itens",
      part_refunds: "os reembolsos feitos nele",
      part_delivery: "os dados de entrega",
      subject: "Sobre o seu reembolso do pedido {orderNumber}",
      what_gone: "nossa loja não tem mais esse pedido",
      what_changed: "ele mudou desde que você aceitou aquele orçamento (mudaram {parts})",
      at_payment:
        "Antes de pagar seu reembolso de {refund} do pedido {orderNumber}, conferi o pedido de novo: {what}. Por isso não pude pagar aquele orçamento, e nada foi reembolsado.",
      confirm_new_quote:
        "Aqui está um novo orçamento para o pedido como ele está agora; confira e responda sim se estiver certo.",
      requoted_for_approver:
        "Fiz um novo orçamento para o pedido como ele está agora: {amount}. Alguém da nossa equipe precisa aprová-lo, e você vai receber um e-mail quando for pago.",
      no_longer_refundable: "Estes itens não podem mais ser reembolsados.",
      no_longer_refundable_because: "Estes itens não podem mais ser reembolsados:",
      other_quote_open:
        "Seu outro orçamento em aberto nesta conversa continua valendo; responda a ele, por favor.",
      order_gone: "Responda aqui se ainda precisar de ajuda com este pedido.",
      nothing_refunded: "Nada foi reembolsado com este orçamento. {next}",
    },
    it: {
      part_items: "gli articoli",
      part_refunds: "i rimborsi già fatti",
      part_delivery: "i dati di consegna",
      subject: "Il tuo rimborso per l'ordine {orderNumber}",
      what_gone: "il nostro negozio non lo ha più",
      what_changed: "è cambiato da quando hai accettato quel preventivo (sono cambiati {parts})",
      at_payment:
        "Prima di pagare il tuo rimborso di {refund} per l'ordine {orderNumber} ho ricontrollato l'ordine: {what}. Quindi non ho potuto pagare quel preventivo e non è stato rimborsato nulla.",
      confirm_new_quote:
        "Ecco un nuovo preventivo per l'ordine così com'è ora; controllalo e rispondi sì se è corretto.",
      requoted_for_approver:
        "Ho preparato un nuovo preventivo per l'ordine così com'è ora: {amount}. Una persona del nostro team deve approvarlo e riceverai un'email quando sarà pagato.",
      no_longer_refundable: "Questi articoli non possono più essere rimborsati.",
      no_longer_refundable_because: "Questi articoli non possono più essere rimborsati:",
      other_quote_open:
        "L'altro tuo preventivo aperto in questa conversazione è ancora valido; rispondi a quello, per favore.",
      order_gone: "Rispondi qui se hai ancora bisogno di aiuto con questo ordine.",
      nothing_refunded: "Con questo preventivo non è stato rimborsato nulla. {next}",
    },
    nl: {
      part_items: "de artikelen erin",
      part_refunds: "de terugbetalingen erop",
      part_delivery: "de bezorggegevens",
      subject: "Over je terugbetaling voor bestelling {orderNumber}",
      what_gone: "onze winkel heeft die niet meer",
      what_changed:
        "die is veranderd sinds je akkoord ging met die offerte ({parts} zijn veranderd)",
      at_payment:
        "Voordat ik je terugbetaling van {refund} voor bestelling {orderNumber} uitbetaalde, heb ik de bestelling opnieuw gecontroleerd: {what}. Daarom kon ik die offerte niet uitbetalen en is er niets terugbetaald.",
      confirm_new_quote:
        "Hier is een nieuwe offerte voor de bestelling zoals die nu is; controleer die en antwoord ja als hij klopt.",
      requoted_for_approver:
        "Ik heb een nieuwe offerte gemaakt voor de bestelling zoals die nu is: {amount}. Iemand van ons team moet die goedkeuren, en je krijgt een e-mail zodra hij is uitbetaald.",
      no_longer_refundable: "Deze artikelen kunnen niet meer worden terugbetaald.",
      no_longer_refundable_because: "Deze artikelen kunnen niet meer worden terugbetaald:",
      other_quote_open:
        "Je andere openstaande offerte in dit gesprek blijft staan; beantwoord die alsjeblieft.",
      order_gone: "Antwoord hier als je nog hulp nodig hebt met deze bestelling.",
      nothing_refunded: "Er is niets terugbetaald op deze offerte. {next}",
    },
    ja: {
      part_items: "商品",
      part_refunds: "返金の記録",
      part_delivery: "配送情報",
      subject: "注文{orderNumber}の返金について",
      what_gone: "このご注文はストアに存在しなくなっていました",
      what_changed: "お見積もりにご同意いただいた後にご注文が変更されていました（{parts}が変更）",
      at_payment:
        "注文{orderNumber}の{refund}の返金をお支払いする前にご注文を再確認したところ、{what}。そのため、このお見積もりでのお支払いはできず、何も返金されていません。",
      confirm_new_quote:
        "現在のご注文内容で新しいお見積もりをお送りします。ご確認のうえ、よろしければ「はい」とご返信ください。",
      requoted_for_approver:
        "現在のご注文内容で新しいお見積もりを作成しました：{amount}。当社スタッフの承認が必要で、お支払いが完了したらメールでお知らせします。",
      no_longer_refundable: "これらの商品は返金できなくなりました。",
      no_longer_refundable_because: "これらの商品は返金できなくなりました：",
      other_quote_open: "この会話のもう一つのお見積もりはまだ有効です。そちらにご返信ください。",
      order_gone: "このご注文について引き続きお手伝いが必要な場合は、こちらにご返信ください。",
      nothing_refunded: "このお見積もりでは何も返金されていません。{next}",
    },
  },
);
