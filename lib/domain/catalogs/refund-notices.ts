import { defineCatalogs } from "../i18n";

/*
 * The email and chat notices about a refund the payment provider answered (refund-notices.ts).
 * `refund` is the `refund_of` message: the amount and where it goes. The timeline, the provider's
 * reason and the next step after a failure are the statements catalog's, said the same in chat.
 */
export const REFUND_NOTICE_CATALOGS = defineCatalogs(
  {
    greeting: "Hi {name},",
    refund_of: "{amount} to your {target}",
    item_line: "- {item} × {quantity}",
    paid_subject: "Your refund for order {orderNumber}",
    paid_body: "We have refunded {refund} for order {orderNumber}:",
    paid_shipping: "This includes {amount} for shipping.",
    paid_chat:
      "Your refund of {refund} for order {orderNumber} has been completed by our payment processor.",
    processing_subject: "Your refund for order {orderNumber} is being processed",
    processing:
      "Your refund of {refund} for order {orderNumber} has been sent to our payment processor and is being processed. It has not reached your account yet; we'll write again as soon as the processor confirms it.",
    failed_subject: "A problem with your refund for order {orderNumber}",
    failed_after_paid:
      "I'm sorry: the refund of {refund} for order {orderNumber} that we told you about did not reach you after all{why}, and the money came back to us.",
    failed:
      "I'm sorry: the refund of {refund} for order {orderNumber} did not go through{why}, so no money has reached your account.",
  },
  {
    es: {
      greeting: "Hola, {name}:",
      refund_of: "{amount} a tu {target}",
      item_line: "- {item} × {quantity}",
      paid_subject: "Tu reembolso del pedido {orderNumber}",
      paid_body: "Te hemos reembolsado {refund} del pedido {orderNumber}:",
      paid_shipping: "Incluye {amount} de envío.",
      paid_chat:
        "Nuestro procesador de pagos ha completado tu reembolso de {refund} del pedido {orderNumber}.",
      processing_subject: "Estamos procesando tu reembolso del pedido {orderNumber}",
      processing:
        "Tu reembolso de {refund} del pedido {orderNumber} se ha enviado a nuestro procesador de pagos y se está procesando. Todavía no ha llegado a tu cuenta; te escribiremos de nuevo en cuanto el procesador lo confirme.",
      failed_subject: "Un problema con tu reembolso del pedido {orderNumber}",
      failed_after_paid:
        "Lo siento: el reembolso de {refund} del pedido {orderNumber} del que te informamos al final no te llegó{why}, y el dinero volvió a nosotros.",
      failed:
        "Lo siento: el reembolso de {refund} del pedido {orderNumber} no se completó{why}, así que no ha llegado dinero a tu cuenta.",
    },
    de: {
      greeting: "Hallo {name},",
      refund_of: "{amount} auf deine {target}",
      item_line: "- {item} × {quantity}",
      paid_subject: "Deine Erstattung für die Bestellung {orderNumber}",
      paid_body: "Wir haben {refund} für die Bestellung {orderNumber} erstattet:",
      paid_shipping: "Darin sind {amount} für den Versand enthalten.",
      paid_chat:
        "Deine Erstattung von {refund} für die Bestellung {orderNumber} wurde von unserem Zahlungsdienstleister abgeschlossen.",
      processing_subject: "Deine Erstattung für die Bestellung {orderNumber} wird bearbeitet",
      processing:
        "Deine Erstattung von {refund} für die Bestellung {orderNumber} wurde an unseren Zahlungsdienstleister gesendet und wird bearbeitet. Sie ist noch nicht auf deinem Konto; wir schreiben dir wieder, sobald der Dienstleister sie bestätigt.",
      failed_subject: "Ein Problem mit deiner Erstattung für die Bestellung {orderNumber}",
      failed_after_paid:
        "Es tut mir leid: Die Erstattung von {refund} für die Bestellung {orderNumber}, über die wir dich informiert haben, ist doch nicht bei dir angekommen{why}, und das Geld ist an uns zurückgegangen.",
      failed:
        "Es tut mir leid: Die Erstattung von {refund} für die Bestellung {orderNumber} ist nicht durchgegangen{why}, daher ist kein Geld auf deinem Konto eingegangen.",
    },
    fr: {
      greeting: "Bonjour {name},",
      refund_of: "{amount} sur votre {target}",
      item_line: "- {item} × {quantity}",
      paid_subject: "Votre remboursement pour la commande {orderNumber}",
      paid_body: "Nous avons remboursé {refund} pour la commande {orderNumber} :",
      paid_shipping: "Ce montant comprend {amount} de frais de livraison.",
      paid_chat:
        "Votre remboursement de {refund} pour la commande {orderNumber} a été effectué par notre prestataire de paiement.",
      processing_subject: "Votre remboursement pour la commande {orderNumber} est en cours",
      processing:
        "Votre remboursement de {refund} pour la commande {orderNumber} a été transmis à notre prestataire de paiement et est en cours de traitement. Il n'est pas encore arrivé sur votre compte ; nous vous écrirons dès que le prestataire l'aura confirmé.",
      failed_subject: "Un problème avec votre remboursement pour la commande {orderNumber}",
      failed_after_paid:
        "Je suis désolé : le remboursement de {refund} pour la commande {orderNumber} que nous vous avions annoncé ne vous est finalement pas parvenu{why}, et l'argent nous est revenu.",
      failed:
        "Je suis désolé : le remboursement de {refund} pour la commande {orderNumber} n'a pas abouti{why}, donc aucun argent n'est arrivé sur votre compte.",
    },
    pt: {
      greeting: "Olá, {name},",
      refund_of: "{amount} para o seu {target}",
      item_line: "- {item} × {quantity}",
      paid_subject: "Seu reembolso do pedido {orderNumber}",
      paid_body: "Reembolsamos {refund} do pedido {orderNumber}:",
      paid_shipping: "Isso inclui {amount} de frete.",
      paid_chat:
        "Seu reembolso de {refund} do pedido {orderNumber} foi concluído pelo nosso processador de pagamentos.",
      processing_subject: "Seu reembolso do pedido {orderNumber} está sendo processado",
      processing:
        "Seu reembolso de {refund} do pedido {orderNumber} foi enviado ao nosso processador de pagamentos e está sendo processado. Ainda não chegou à sua conta; escreveremos de novo assim que o processador confirmar.",
      failed_subject: "Um problema com seu reembolso do pedido {orderNumber}",
      failed_after_paid:
        "Sinto muito: o reembolso de {refund} do pedido {orderNumber} que informamos acabou não chegando até você{why}, e o dinheiro voltou para nós.",
      failed:
        "Sinto muito: o reembolso de {refund} do pedido {orderNumber} não foi concluído{why}, então nenhum dinheiro chegou à sua conta.",
    },
    it: {
      greeting: "Ciao {name},",
      refund_of: "{amount} sulla tua {target}",
      item_line: "- {item} × {quantity}",
      paid_subject: "Il tuo rimborso per l'ordine {orderNumber}",
      paid_body: "Abbiamo rimborsato {refund} per l''ordine {orderNumber}:",
      paid_shipping: "Sono inclusi {amount} di spedizione.",
      paid_chat:
        "Il tuo rimborso di {refund} per l''ordine {orderNumber} è stato completato dal nostro gestore dei pagamenti.",
      processing_subject: "Il tuo rimborso per l''ordine {orderNumber} è in elaborazione",
      processing:
        "Il tuo rimborso di {refund} per l''ordine {orderNumber} è stato inviato al nostro gestore dei pagamenti ed è in elaborazione. Non è ancora arrivato sul tuo conto; ti scriveremo di nuovo appena il gestore lo conferma.",
      failed_subject: "Un problema con il tuo rimborso per l''ordine {orderNumber}",
      failed_after_paid:
        "Mi dispiace: il rimborso di {refund} per l''ordine {orderNumber} che ti avevamo comunicato alla fine non ti è arrivato{why}, e il denaro è tornato a noi.",
      failed:
        "Mi dispiace: il rimborso di {refund} per l''ordine {orderNumber} non è andato a buon fine{why}, quindi non è arrivato denaro sul tuo conto.",
    },
    nl: {
      greeting: "Hoi {name},",
      refund_of: "{amount} naar je {target}",
      item_line: "- {item} × {quantity}",
      paid_subject: "Je terugbetaling voor bestelling {orderNumber}",
      paid_body: "We hebben {refund} terugbetaald voor bestelling {orderNumber}:",
      paid_shipping: "Dit is inclusief {amount} voor verzending.",
      paid_chat:
        "Je terugbetaling van {refund} voor bestelling {orderNumber} is afgerond door onze betaalverwerker.",
      processing_subject: "Je terugbetaling voor bestelling {orderNumber} wordt verwerkt",
      processing:
        "Je terugbetaling van {refund} voor bestelling {orderNumber} is naar onze betaalverwerker gestuurd en wordt verwerkt. Die staat nog niet op je rekening; we schrijven je opnieuw zodra de verwerker het bevestigt.",
      failed_subject: "Een probleem met je terugbetaling voor bestelling {orderNumber}",
      failed_after_paid:
        "Het spijt me: de terugbetaling van {refund} voor bestelling {orderNumber} waarover we je hadden geïnformeerd, is je toch niet bereikt{why}, en het geld is naar ons teruggegaan.",
      failed:
        "Het spijt me: de terugbetaling van {refund} voor bestelling {orderNumber} is niet gelukt{why}, dus er is geen geld op je rekening gekomen.",
    },
    ja: {
      greeting: "{name}様",
      refund_of: "{target}への{amount}",
      item_line: "- {item} × {quantity}",
      paid_subject: "注文{orderNumber}の返金について",
      paid_body: "注文{orderNumber}について、{refund}を返金しました：",
      paid_shipping: "送料{amount}を含みます。",
      paid_chat: "注文{orderNumber}の{refund}の返金が決済代行会社で完了しました。",
      processing_subject: "注文{orderNumber}の返金を処理中です",
      processing:
        "注文{orderNumber}の{refund}の返金を決済代行会社に送信し、現在処理中です。まだお客様の口座には届いていません。決済代行会社の確認が取れ次第、改めてご連絡します。",
      failed_subject: "注文{orderNumber}の返金に問題が発生しました",
      failed_after_paid:
        "申し訳ございません。お知らせした注文{orderNumber}の{refund}の返金は、結局お客様に届きませんでした{why}。お金は当社に戻っています。",
      failed:
        "申し訳ございません。注文{orderNumber}の{refund}の返金は完了しませんでした{why}。お客様の口座にはお金が届いていません。",
    },
  },
);
