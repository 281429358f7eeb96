import { defineCatalogs } from "../i18n";

/*
 * The statements that carry money (claim-statements.ts) and the phrases they share with emails
 * and quote messages (customer-phrases.ts). Every amount, item and date arrives formatted.
 * `refund` is "<amount> for <items>" (the `refund_of` message).
 */
export const STATEMENT_CATALOGS = defineCatalogs(
  {
    refund_of: "{amount} for {items}",
    open_quote:
      "Your quote for {items} ({amount}) is still open; {channel, select, chat {use Confirm or Decline} other {reply yes to confirm it or no to decline it}}, or tell me what you'd like instead.",
    waiting_for_approver:
      "Your refund of {refund} is waiting for approval by our team; nothing has been refunded yet. I'll let you know as soon as it's decided.",
    not_included: "Not included:",
    approved_processing: "Your refund of {refund} has been approved and is being processed.",
    needs_reconciliation:
      "Your refund of {refund} is being processed; our team is confirming it with the payment provider.",
    suspended:
      'Your refund of {refund} is on hold and nothing has been refunded yet; say "go ahead" when you want to continue.',
    declined: "The quote of {refund} was declined, so nothing will be refunded for it.",
    expired:
      "The quote of {refund} expired, so nothing was refunded; ask again and I'll prepare a fresh quote.",
    superseded:
      "The quote of {refund} was replaced by a newer request and can no longer be confirmed.",
    failed:
      "We could not complete your refund of {refund}, so no money has moved. Our team has been notified and will follow up.",
    rejected:
      "Our team reviewed your refund of {refund} and could not approve it, so no refund was made.",
    rejected_follow_up: "A team member will follow up with the details.",
    rejected_reason_heading: "The reason our reviewer gave:",
    provider_paid: "Done: your refund of {refund} has been issued to {target}. {timeline}",
    provider_processing:
      "Your refund of {refund} to {target} is being processed by our payment processor; it has not reached your account yet. We'll let you know as soon as the processor confirms it.",
    provider_failed_after_paid:
      "I'm sorry: the refund of {refund} to {target} that we told you about did not reach you after all{why}, and the money came back to us.",
    provider_failed:
      "I'm sorry: the refund of {refund} to {target} did not go through{why}, so no money has reached your account.",
    provider_reason: " — {words}",
    denial:
      "I'm sorry, I can't offer a refund for this request under our refund policy ({sections}).",
    dispute_opened:
      "I've opened a billing review for {references} ({amount} in question, flagged as {category, select, duplicate_charge {a possible duplicate charge} other {a possibly wrong amount}}). Our billing team will look into it and contact you with the outcome; I can't promise a credit or a date before the review is done.",
    holding_reply: "A member of our team will reply here shortly.",
    order_not_found:
      "I can't find {typed, select, yes {order {orderNumber}} other {that order}} on your account. {next}",
    order_not_found_no_orders: "Please check the order number in your order email.",
    order_not_found_own_orders:
      "The {count, plural, one {order} other {orders}} I can see on your account: {orders}. Please check the number in your order email, or tell me which item you mean.",
    refund_timeline: "It usually appears on your statement within 5–10 business days.",
    refund_failed_next_step:
      "Nothing is lost: a member of our team has been told and will contact you to send the refund another way. You don't need to do anything until then.",
    charge_reference_help:
      "Our charge references start with \"CH-\" followed by digits, and you'll find yours next to the payment on your card statement or in your order receipt. Please send it to me exactly as it appears there; if you can't find it, ask to talk to a person and someone from our team will help you.",
    refused_line: "{reason} (policy {sectionId})",
    return_fee: "A return fee of {rate} ({fee}) is deducted for {item} (policy {sectionId}).",
    provider_lost_or_stolen_card: "the card was reported lost or stolen",
    provider_expired_or_canceled_card: "the card has expired or been canceled",
    provider_insufficient_funds: "our payment account could not cover it at the time",
    provider_declined: "the card's bank declined it",
    provider_merchant_request: "it was stopped on our side",
    provider_charge_for_pending_refund_disputed:
      "the payment is under a dispute with the card's bank",
    provider_charge_pending: "the original payment has not settled yet",
  },
  {
    es: {
      refund_of: "{amount} por {items}",
      open_quote:
        "Tu presupuesto para {items} ({amount}) sigue abierto; {channel, select, chat {usa Confirmar o Rechazar} other {responde sí para confirmarlo o no para rechazarlo}}, o dime qué prefieres.",
      waiting_for_approver:
        "Tu reembolso de {refund} está esperando la aprobación de nuestro equipo; todavía no se ha reembolsado nada. Te avisaré en cuanto se decida.",
      not_included: "No incluido:",
      approved_processing: "Tu reembolso de {refund} se ha aprobado y se está procesando.",
      needs_reconciliation:
        "Tu reembolso de {refund} se está procesando; nuestro equipo lo está confirmando con el proveedor de pagos.",
      suspended:
        "Tu reembolso de {refund} está en pausa y todavía no se ha reembolsado nada; avísame cuando quieras continuar.",
      declined: "El presupuesto de {refund} se rechazó, así que no se reembolsará nada por él.",
      expired:
        "El presupuesto de {refund} caducó, así que no se reembolsó nada; vuelve a pedirlo y te prepararé uno nuevo.",
      superseded:
        "El presupuesto de {refund} se sustituyó por una solicitud más reciente y ya no se puede confirmar.",
      failed:
        "No pudimos completar tu reembolso de {refund}, así que no se ha movido dinero. Nuestro equipo está avisado y se pondrá en contacto contigo.",
      rejected:
        "Nuestro equipo revisó tu reembolso de {refund} y no pudo aprobarlo, así que no se hizo ningún reembolso.",
      rejected_follow_up: "Una persona del equipo te contará los detalles.",
      rejected_reason_heading: "El motivo que dio quien lo revisó:",
      provider_paid: "Listo: tu reembolso de {refund} se ha emitido a {target}. {timeline}",
      provider_processing:
        "Nuestro procesador de pagos está procesando tu reembolso de {refund} a {target}; todavía no ha llegado a tu cuenta. Te avisaremos en cuanto el procesador lo confirme.",
      provider_failed_after_paid:
        "Lo siento: el reembolso de {refund} a {target} del que te informamos al final no te llegó{why}, y el dinero volvió a nosotros.",
      provider_failed:
        "Lo siento: el reembolso de {refund} a {target} no se completó{why}, así que no ha llegado dinero a tu cuenta.",
      provider_reason: " — {words}",
      denial:
        "Lo siento, no puedo ofrecerte un reembolso para esta solicitud según nuestra política de reembolsos ({sections}).",
      dispute_opened:
        "He abierto una revisión de facturación para {references} ({amount} en cuestión, marcada como {category, select, duplicate_charge {posible cargo duplicado} other {posible importe incorrecto}}). Nuestro equipo de facturación lo revisará y te comunicará el resultado; no puedo prometerte un abono ni una fecha antes de que termine la revisión.",
      holding_reply: "Una persona de nuestro equipo te responderá aquí en breve.",
      order_not_found:
        "No encuentro {typed, select, yes {el pedido {orderNumber}} other {ese pedido}} en tu cuenta. {next}",
      order_not_found_no_orders: "Revisa el número de pedido en el correo de tu pedido.",
      order_not_found_own_orders:
        "{count, plural, one {El pedido que veo} other {Los pedidos que veo}} en tu cuenta: {orders}. Revisa el número en el correo de tu pedido o dime a qué artículo te refieres.",
      refund_timeline: "Normalmente aparece en tu extracto en un plazo de 5 a 10 días hábiles.",
      refund_failed_next_step:
        "No se ha perdido nada: una persona de nuestro equipo ya está avisada y se pondrá en contacto contigo para enviarte el reembolso de otra forma. No tienes que hacer nada hasta entonces.",
      charge_reference_help:
        "Nuestras referencias de cargo empiezan por «CH-» seguido de dígitos, y encontrarás la tuya junto al pago en el extracto de tu tarjeta o en el recibo de tu pedido. Envíamela tal como aparece ahí; si no la encuentras, pide hablar con una persona y alguien de nuestro equipo te ayudará.",
      refused_line: "{reason} (política {sectionId})",
      return_fee:
        "Se descuenta una comisión de devolución del {rate} ({fee}) por {item} (política {sectionId}).",
      provider_lost_or_stolen_card: "la tarjeta se denunció como perdida o robada",
      provider_expired_or_canceled_card: "la tarjeta ha caducado o se ha cancelado",
      provider_insufficient_funds: "nuestra cuenta de pagos no podía cubrirlo en ese momento",
      provider_declined: "el banco de la tarjeta lo rechazó",
      provider_merchant_request: "se detuvo por nuestra parte",
      provider_charge_for_pending_refund_disputed:
        "el pago está en disputa con el banco de la tarjeta",
      provider_charge_pending: "el pago original todavía no se ha liquidado",
    },
    de: {
      refund_of: "{amount} für {items}",
      open_quote:
        "Dein Angebot für {items} ({amount}) ist noch offen; {channel, select, chat {nutze Bestätigen oder Ablehnen} other {antworte mit ja, um es zu bestätigen, oder mit nein, um es abzulehnen}}, oder sag mir, was du stattdessen möchtest.",
      waiting_for_approver:
        "Deine Erstattung von {refund} wartet auf die Genehmigung durch unser Team; bisher wurde nichts erstattet. Ich sage dir Bescheid, sobald entschieden ist.",
      not_included: "Nicht enthalten:",
      approved_processing: "Deine Erstattung von {refund} wurde genehmigt und wird bearbeitet.",
      needs_reconciliation:
        "Deine Erstattung von {refund} wird bearbeitet; unser Team bestätigt sie gerade mit dem Zahlungsanbieter.",
      suspended:
        "Deine Erstattung von {refund} ist pausiert, und bisher wurde nichts erstattet; sag mir Bescheid, wenn du weitermachen möchtest.",
      declined: "Das Angebot über {refund} wurde abgelehnt, daher wird dafür nichts erstattet.",
      expired:
        "Das Angebot über {refund} ist abgelaufen, daher wurde nichts erstattet; frag einfach noch einmal, dann erstelle ich ein neues Angebot.",
      superseded:
        "Das Angebot über {refund} wurde durch eine neuere Anfrage ersetzt und kann nicht mehr bestätigt werden.",
      failed:
        "Wir konnten deine Erstattung von {refund} nicht abschließen, daher ist kein Geld geflossen. Unser Team ist informiert und meldet sich bei dir.",
      rejected:
        "Unser Team hat deine Erstattung von {refund} geprüft und konnte sie nicht genehmigen, daher wurde nichts erstattet.",
      rejected_follow_up: "Jemand aus dem Team meldet sich mit den Einzelheiten.",
      rejected_reason_heading: "Die Begründung unserer Prüferin oder unseres Prüfers:",
      provider_paid:
        "Erledigt: Deine Erstattung von {refund} wurde an {target} ausgezahlt. {timeline}",
      provider_processing:
        "Deine Erstattung von {refund} an {target} wird von unserem Zahlungsdienstleister bearbeitet; sie ist noch nicht auf deinem Konto. Wir melden uns, sobald der Dienstleister sie bestätigt.",
      provider_failed_after_paid:
        "Es tut mir leid: Die Erstattung von {refund} an {target}, über die wir dich informiert haben, ist doch nicht bei dir angekommen{why}, und das Geld ist an uns zurückgegangen.",
      provider_failed:
        "Es tut mir leid: Die Erstattung von {refund} an {target} ist nicht durchgegangen{why}, daher ist kein Geld auf deinem Konto eingegangen.",
      provider_reason: " – {words}",
      denial:
        "Es tut mir leid, nach unseren Erstattungsrichtlinien kann ich für diese Anfrage keine Erstattung anbieten ({sections}).",
      dispute_opened:
        "Ich habe eine Abrechnungsprüfung für {references} eröffnet ({amount} betroffen, markiert als {category, select, duplicate_charge {mögliche doppelte Belastung} other {möglicherweise falscher Betrag}}). Unser Abrechnungsteam sieht sich das an und teilt dir das Ergebnis mit; vor Abschluss der Prüfung kann ich dir weder eine Gutschrift noch einen Termin zusagen.",
      holding_reply: "Jemand aus unserem Team antwortet dir hier in Kürze.",
      order_not_found:
        "Ich finde {typed, select, yes {die Bestellung {orderNumber}} other {diese Bestellung}} nicht in deinem Konto. {next}",
      order_not_found_no_orders: "Bitte prüfe die Bestellnummer in deiner Bestell-E-Mail.",
      order_not_found_own_orders:
        "{count, plural, one {Die Bestellung, die ich} other {Die Bestellungen, die ich}} in deinem Konto sehe: {orders}. Bitte prüfe die Nummer in deiner Bestell-E-Mail oder sag mir, welchen Artikel du meinst.",
      refund_timeline:
        "Sie erscheint normalerweise innerhalb von 5–10 Werktagen auf deinem Kontoauszug.",
      refund_failed_next_step:
        "Es geht nichts verloren: Jemand aus unserem Team ist informiert und meldet sich bei dir, um die Erstattung auf anderem Weg zu senden. Bis dahin musst du nichts tun.",
      charge_reference_help:
        "Unsere Belastungsreferenzen beginnen mit „CH-“, gefolgt von Ziffern. Du findest deine neben der Zahlung auf deiner Kartenabrechnung oder in deinem Bestellbeleg. Schick sie mir bitte genau so, wie sie dort steht; wenn du sie nicht findest, bitte darum, mit einer Person zu sprechen, dann hilft dir jemand aus unserem Team.",
      refused_line: "{reason} (Richtlinie {sectionId})",
      return_fee:
        "Für {item} wird eine Rücksendegebühr von {rate} ({fee}) abgezogen (Richtlinie {sectionId}).",
      provider_lost_or_stolen_card: "die Karte wurde als verloren oder gestohlen gemeldet",
      provider_expired_or_canceled_card: "die Karte ist abgelaufen oder wurde gekündigt",
      provider_insufficient_funds: "unser Zahlungskonto konnte sie zu dem Zeitpunkt nicht decken",
      provider_declined: "die Bank der Karte hat sie abgelehnt",
      provider_merchant_request: "sie wurde von unserer Seite gestoppt",
      provider_charge_for_pending_refund_disputed:
        "die Zahlung wird mit der Bank der Karte angefochten",
      provider_charge_pending: "die ursprüngliche Zahlung ist noch nicht abgewickelt",
    },
    fr: {
      refund_of: "{amount} pour {items}",
      open_quote:
        "Votre devis pour {items} ({amount}) est toujours ouvert ; {channel, select, chat {utilisez Confirmer ou Refuser} other {répondez oui pour le confirmer ou non pour le refuser}}, ou dites-moi ce que vous souhaitez à la place.",
      waiting_for_approver:
        "Votre remboursement de {refund} attend l'approbation de notre équipe ; rien n'a encore été remboursé. Je vous préviens dès que la décision est prise.",
      not_included: "Non inclus :",
      approved_processing:
        "Votre remboursement de {refund} a été approuvé et est en cours de traitement.",
      needs_reconciliation:
        "Votre remboursement de {refund} est en cours de traitement ; notre équipe le confirme avec le prestataire de paiement.",
      suspended:
        "Votre remboursement de {refund} est en pause et rien n'a encore été remboursé ; dites-le-moi quand vous souhaitez continuer.",
      declined: "Le devis de {refund} a été refusé, donc rien ne sera remboursé à ce titre.",
      expired:
        "Le devis de {refund} a expiré, donc rien n'a été remboursé ; redemandez-le et je vous préparerai un nouveau devis.",
      superseded:
        "Le devis de {refund} a été remplacé par une demande plus récente et ne peut plus être confirmé.",
      failed:
        "Nous n'avons pas pu finaliser votre remboursement de {refund}, donc aucun argent n'a été versé. Notre équipe a été prévenue et reviendra vers vous.",
      rejected:
        "Notre équipe a examiné votre remboursement de {refund} et n'a pas pu l'approuver, donc aucun remboursement n'a été effectué.",
      rejected_follow_up: "Un membre de l'équipe reviendra vers vous avec les détails.",
      rejected_reason_heading: "Le motif donné par la personne qui l'a examiné :",
      provider_paid:
        "C'est fait : votre remboursement de {refund} a été émis vers {target}. {timeline}",
      provider_processing:
        "Votre remboursement de {refund} vers {target} est en cours de traitement par notre prestataire de paiement ; il n'est pas encore arrivé sur votre compte. Nous vous préviendrons dès que le prestataire le confirmera.",
      provider_failed_after_paid:
        "Je suis désolé : le remboursement de {refund} vers {target} que nous vous avions annoncé ne vous est finalement pas parvenu{why}, et l'argent nous est revenu.",
      provider_failed:
        "Je suis désolé : le remboursement de {refund} vers {target} n'a pas abouti{why}, donc aucun argent n'est arrivé sur votre compte.",
      provider_reason: " — {words}",
      denial:
        "Je suis désolé, je ne peux pas proposer de remboursement pour cette demande selon notre politique de remboursement ({sections}).",
      dispute_opened:
        "J'ai ouvert un examen de facturation pour {references} ({amount} en question, signalé comme {category, select, duplicate_charge {possible double prélèvement} other {montant possiblement erroné}}). Notre équipe de facturation va l'étudier et vous communiquera le résultat ; je ne peux promettre ni avoir ni date avant la fin de l'examen.",
      holding_reply: "Un membre de notre équipe vous répondra ici sous peu.",
      order_not_found:
        "Je ne trouve pas {typed, select, yes {la commande {orderNumber}} other {cette commande}} sur votre compte. {next}",
      order_not_found_no_orders:
        "Veuillez vérifier le numéro de commande dans l'e-mail de votre commande.",
      order_not_found_own_orders:
        "{count, plural, one {La commande que je vois} other {Les commandes que je vois}} sur votre compte : {orders}. Veuillez vérifier le numéro dans l'e-mail de votre commande, ou dites-moi de quel article il s'agit.",
      refund_timeline: "Il apparaît généralement sur votre relevé sous 5 à 10 jours ouvrés.",
      refund_failed_next_step:
        "Rien n'est perdu : un membre de notre équipe a été prévenu et vous contactera pour vous envoyer le remboursement autrement. Vous n'avez rien à faire d'ici là.",
      charge_reference_help:
        "Nos références de prélèvement commencent par « CH- » suivi de chiffres ; vous trouverez la vôtre à côté du paiement sur votre relevé de carte ou sur le reçu de votre commande. Envoyez-la-moi exactement telle qu'elle y figure ; si vous ne la trouvez pas, demandez à parler à une personne et quelqu'un de notre équipe vous aidera.",
      refused_line: "{reason} (politique {sectionId})",
      return_fee:
        "Des frais de retour de {rate} ({fee}) sont déduits pour {item} (politique {sectionId}).",
      provider_lost_or_stolen_card: "la carte a été déclarée perdue ou volée",
      provider_expired_or_canceled_card: "la carte a expiré ou a été annulée",
      provider_insufficient_funds:
        "notre compte de paiement ne pouvait pas le couvrir à ce moment-là",
      provider_declined: "la banque de la carte l'a refusé",
      provider_merchant_request: "il a été arrêté de notre côté",
      provider_charge_for_pending_refund_disputed:
        "le paiement fait l'objet d'une contestation auprès de la banque de la carte",
      provider_charge_pending: "le paiement d'origine n'est pas encore réglé",
    },
    pt: {
      refund_of: "{amount} por {items}",
      open_quote:
        "Seu orçamento para {items} ({amount}) continua em aberto; {channel, select, chat {use Confirmar ou Recusar} other {responda sim para confirmar ou não para recusar}}, ou me diga o que você prefere.",
      waiting_for_approver:
        "Seu reembolso de {refund} está aguardando a aprovação da nossa equipe; nada foi reembolsado ainda. Aviso você assim que for decidido.",
      not_included: "Não incluído:",
      approved_processing: "Seu reembolso de {refund} foi aprovado e está sendo processado.",
      needs_reconciliation:
        "Seu reembolso de {refund} está sendo processado; nossa equipe está confirmando com o provedor de pagamento.",
      suspended:
        "Seu reembolso de {refund} está pausado e nada foi reembolsado ainda; me avise quando quiser continuar.",
      declined: "O orçamento de {refund} foi recusado, então nada será reembolsado por ele.",
      expired:
        "O orçamento de {refund} expirou, então nada foi reembolsado; peça de novo e eu preparo um novo orçamento.",
      superseded:
        "O orçamento de {refund} foi substituído por uma solicitação mais recente e não pode mais ser confirmado.",
      failed:
        "Não conseguimos concluir seu reembolso de {refund}, então nenhum dinheiro foi movimentado. Nossa equipe foi avisada e vai entrar em contato.",
      rejected:
        "Nossa equipe analisou seu reembolso de {refund} e não pôde aprová-lo, então nenhum reembolso foi feito.",
      rejected_follow_up: "Alguém da equipe vai entrar em contato com os detalhes.",
      rejected_reason_heading: "O motivo informado por quem analisou:",
      provider_paid: "Pronto: seu reembolso de {refund} foi emitido para {target}. {timeline}",
      provider_processing:
        "Seu reembolso de {refund} para {target} está sendo processado pelo nosso processador de pagamentos; ainda não chegou à sua conta. Avisaremos você assim que o processador confirmar.",
      provider_failed_after_paid:
        "Sinto muito: o reembolso de {refund} para {target} que informamos acabou não chegando até você{why}, e o dinheiro voltou para nós.",
      provider_failed:
        "Sinto muito: o reembolso de {refund} para {target} não foi concluído{why}, então nenhum dinheiro chegou à sua conta.",
      provider_reason: " — {words}",
      denial:
        "Sinto muito, não posso oferecer um reembolso para esta solicitação pela nossa política de reembolso ({sections}).",
      dispute_opened:
        "Abri uma revisão de cobrança para {references} ({amount} em questão, marcada como {category, select, duplicate_charge {possível cobrança duplicada} other {valor possivelmente incorreto}}). Nossa equipe de cobrança vai analisar e informar você sobre o resultado; não posso prometer um crédito nem uma data antes de a revisão terminar.",
      holding_reply: "Alguém da nossa equipe vai responder aqui em breve.",
      order_not_found:
        "Não encontro {typed, select, yes {o pedido {orderNumber}} other {esse pedido}} na sua conta. {next}",
      order_not_found_no_orders: "Confira o número do pedido no e-mail do seu pedido.",
      order_not_found_own_orders:
        "{count, plural, one {O pedido que vejo} other {Os pedidos que vejo}} na sua conta: {orders}. Confira o número no e-mail do seu pedido ou me diga de qual item você está falando.",
      refund_timeline: "Normalmente aparece na sua fatura em 5 a 10 dias úteis.",
      refund_failed_next_step:
        "Nada foi perdido: alguém da nossa equipe já foi avisado e vai entrar em contato para enviar o reembolso de outra forma. Você não precisa fazer nada até lá.",
      charge_reference_help:
        'Nossas referências de cobrança começam com "CH-" seguido de dígitos, e você encontra a sua ao lado do pagamento na fatura do cartão ou no recibo do pedido. Envie para mim exatamente como aparece lá; se não encontrar, peça para falar com uma pessoa e alguém da nossa equipe vai ajudar você.',
      refused_line: "{reason} (política {sectionId})",
      return_fee:
        "É descontada uma taxa de devolução de {rate} ({fee}) para {item} (política {sectionId}).",
      provider_lost_or_stolen_card: "o cartão foi informado como perdido ou roubado",
      provider_expired_or_canceled_card: "o cartão expirou ou foi cancelado",
      provider_insufficient_funds: "nossa conta de pagamentos não tinha saldo para isso no momento",
      provider_declined: "o banco do cartão recusou",
      provider_merchant_request: "foi interrompido do nosso lado",
      provider_charge_for_pending_refund_disputed:
        "o pagamento está em contestação com o banco do cartão",
      provider_charge_pending: "o pagamento original ainda não foi compensado",
    },
    it: {
      refund_of: "{amount} per {items}",
      open_quote:
        "Il tuo preventivo per {items} ({amount}) è ancora aperto; {channel, select, chat {usa Conferma o Rifiuta} other {rispondi sì per confermarlo o no per rifiutarlo}}, oppure dimmi cosa preferisci.",
      waiting_for_approver:
        "Il tuo rimborso di {refund} è in attesa dell'approvazione del nostro team; non è stato ancora rimborsato nulla. Ti avviso appena viene deciso.",
      not_included: "Non incluso:",
      approved_processing: "Il tuo rimborso di {refund} è stato approvato ed è in elaborazione.",
      needs_reconciliation:
        "Il tuo rimborso di {refund} è in elaborazione; il nostro team lo sta confermando con il fornitore dei pagamenti.",
      suspended:
        "Il tuo rimborso di {refund} è in pausa e non è stato ancora rimborsato nulla; dimmi quando vuoi continuare.",
      declined: "Il preventivo di {refund} è stato rifiutato, quindi non verrà rimborsato nulla.",
      expired:
        "Il preventivo di {refund} è scaduto, quindi non è stato rimborsato nulla; chiedimelo di nuovo e ne preparo uno nuovo.",
      superseded:
        "Il preventivo di {refund} è stato sostituito da una richiesta più recente e non può più essere confermato.",
      failed:
        "Non siamo riusciti a completare il tuo rimborso di {refund}, quindi non è stato spostato denaro. Il nostro team è stato avvisato e ti ricontatterà.",
      rejected:
        "Il nostro team ha esaminato il tuo rimborso di {refund} e non ha potuto approvarlo, quindi non è stato effettuato alcun rimborso.",
      rejected_follow_up: "Una persona del team ti ricontatterà con i dettagli.",
      rejected_reason_heading: "Il motivo indicato da chi l'ha esaminato:",
      provider_paid: "Fatto: il tuo rimborso di {refund} è stato emesso su {target}. {timeline}",
      provider_processing:
        "Il tuo rimborso di {refund} su {target} è in elaborazione presso il nostro gestore dei pagamenti; non è ancora arrivato sul tuo conto. Ti avviseremo appena il gestore lo conferma.",
      provider_failed_after_paid:
        "Mi dispiace: il rimborso di {refund} su {target} che ti avevamo comunicato alla fine non ti è arrivato{why}, e il denaro è tornato a noi.",
      provider_failed:
        "Mi dispiace: il rimborso di {refund} su {target} non è andato a buon fine{why}, quindi non è arrivato denaro sul tuo conto.",
      provider_reason: " — {words}",
      denial:
        "Mi dispiace, in base alla nostra politica di rimborso non posso offrirti un rimborso per questa richiesta ({sections}).",
      dispute_opened:
        "Ho aperto una verifica di fatturazione per {references} ({amount} in questione, segnalata come {category, select, duplicate_charge {possibile addebito doppio} other {importo forse errato}}). Il nostro team di fatturazione la esaminerà e ti comunicherà l'esito; non posso prometterti un accredito né una data prima della fine della verifica.",
      holding_reply: "Una persona del nostro team ti risponderà qui a breve.",
      order_not_found:
        "Non trovo {typed, select, yes {l'ordine {orderNumber}} other {quell'ordine}} nel tuo account. {next}",
      order_not_found_no_orders: "Controlla il numero d'ordine nell'email del tuo ordine.",
      order_not_found_own_orders:
        "{count, plural, one {L'ordine che vedo} other {Gli ordini che vedo}} nel tuo account: {orders}. Controlla il numero nell'email del tuo ordine oppure dimmi a quale articolo ti riferisci.",
      refund_timeline: "Di solito compare sul tuo estratto conto entro 5-10 giorni lavorativi.",
      refund_failed_next_step:
        "Non si perde nulla: una persona del nostro team è stata avvisata e ti contatterà per inviarti il rimborso in un altro modo. Fino ad allora non devi fare nulla.",
      charge_reference_help:
        "I nostri riferimenti di addebito iniziano con \"CH-\" seguito da cifre; trovi il tuo accanto al pagamento sull'estratto conto della carta o nella ricevuta dell'ordine. Inviamelo esattamente come appare lì; se non lo trovi, chiedi di parlare con una persona e qualcuno del nostro team ti aiuterà.",
      refused_line: "{reason} (politica {sectionId})",
      return_fee:
        "Per {item} viene trattenuta una commissione di reso del {rate} ({fee}) (politica {sectionId}).",
      provider_lost_or_stolen_card: "la carta è stata segnalata come smarrita o rubata",
      provider_expired_or_canceled_card: "la carta è scaduta o è stata annullata",
      provider_insufficient_funds: "il nostro conto pagamenti non poteva coprirlo in quel momento",
      provider_declined: "la banca della carta lo ha rifiutato",
      provider_merchant_request: "è stato fermato da parte nostra",
      provider_charge_for_pending_refund_disputed:
        "il pagamento è contestato presso la banca della carta",
      provider_charge_pending: "il pagamento originale non è ancora stato regolato",
    },
    nl: {
      refund_of: "{amount} voor {items}",
      open_quote:
        "Je offerte voor {items} ({amount}) staat nog open; {channel, select, chat {gebruik Bevestigen of Weigeren} other {antwoord ja om te bevestigen of nee om te weigeren}}, of vertel me wat je liever wilt.",
      waiting_for_approver:
        "Je terugbetaling van {refund} wacht op goedkeuring door ons team; er is nog niets terugbetaald. Ik laat het je weten zodra er een besluit is.",
      not_included: "Niet inbegrepen:",
      approved_processing: "Je terugbetaling van {refund} is goedgekeurd en wordt verwerkt.",
      needs_reconciliation:
        "Je terugbetaling van {refund} wordt verwerkt; ons team bevestigt die bij de betaalprovider.",
      suspended:
        "Je terugbetaling van {refund} staat in de wacht en er is nog niets terugbetaald; laat het me weten als je verder wilt.",
      declined: "De offerte van {refund} is geweigerd, dus daarvoor wordt niets terugbetaald.",
      expired:
        "De offerte van {refund} is verlopen, dus er is niets terugbetaald; vraag het opnieuw en ik maak een nieuwe offerte.",
      superseded:
        "De offerte van {refund} is vervangen door een nieuwer verzoek en kan niet meer worden bevestigd.",
      failed:
        "We konden je terugbetaling van {refund} niet afronden, dus er is geen geld overgemaakt. Ons team is op de hoogte en neemt contact met je op.",
      rejected:
        "Ons team heeft je terugbetaling van {refund} bekeken en kon die niet goedkeuren, dus er is niets terugbetaald.",
      rejected_follow_up: "Iemand van het team neemt contact met je op met de details.",
      rejected_reason_heading: "De reden die onze beoordelaar gaf:",
      provider_paid:
        "Klaar: je terugbetaling van {refund} is overgemaakt naar {target}. {timeline}",
      provider_processing:
        "Je terugbetaling van {refund} naar {target} wordt verwerkt door onze betaalverwerker; die staat nog niet op je rekening. We laten het je weten zodra de verwerker het bevestigt.",
      provider_failed_after_paid:
        "Het spijt me: de terugbetaling van {refund} naar {target} waarover we je hadden geïnformeerd, is je toch niet bereikt{why}, en het geld is naar ons teruggegaan.",
      provider_failed:
        "Het spijt me: de terugbetaling van {refund} naar {target} is niet gelukt{why}, dus er is geen geld op je rekening gekomen.",
      provider_reason: " — {words}",
      denial:
        "Het spijt me, volgens ons terugbetalingsbeleid kan ik voor dit verzoek geen terugbetaling aanbieden ({sections}).",
      dispute_opened:
        "Ik heb een factuurcontrole geopend voor {references} ({amount} in kwestie, gemarkeerd als {category, select, duplicate_charge {mogelijk dubbele afschrijving} other {mogelijk verkeerd bedrag}}). Ons factuurteam zoekt het uit en laat je de uitkomst weten; vóór het einde van de controle kan ik geen tegoed of datum beloven.",
      holding_reply: "Iemand van ons team antwoordt je hier zo snel mogelijk.",
      order_not_found:
        "Ik kan {typed, select, yes {bestelling {orderNumber}} other {die bestelling}} niet vinden in je account. {next}",
      order_not_found_no_orders: "Controleer het bestelnummer in de e-mail van je bestelling.",
      order_not_found_own_orders:
        "{count, plural, one {De bestelling die ik} other {De bestellingen die ik}} in je account zie: {orders}. Controleer het nummer in de e-mail van je bestelling, of vertel me welk artikel je bedoelt.",
      refund_timeline: "Het staat meestal binnen 5–10 werkdagen op je afschrift.",
      refund_failed_next_step:
        "Er gaat niets verloren: iemand van ons team is op de hoogte en neemt contact met je op om de terugbetaling op een andere manier te sturen. Tot die tijd hoef je niets te doen.",
      charge_reference_help:
        'Onze afschrijvingsreferenties beginnen met "CH-" gevolgd door cijfers; je vindt de jouwe naast de betaling op je kaartafschrift of op het bonnetje van je bestelling. Stuur hem me precies zoals hij daar staat; kun je hem niet vinden, vraag dan om met iemand te praten en iemand van ons team helpt je.',
      refused_line: "{reason} (beleid {sectionId})",
      return_fee:
        "Voor {item} worden retourkosten van {rate} ({fee}) ingehouden (beleid {sectionId}).",
      provider_lost_or_stolen_card: "de kaart is als verloren of gestolen gemeld",
      provider_expired_or_canceled_card: "de kaart is verlopen of opgezegd",
      provider_insufficient_funds: "onze betaalrekening kon het op dat moment niet dekken",
      provider_declined: "de bank van de kaart heeft het geweigerd",
      provider_merchant_request: "het is aan onze kant gestopt",
      provider_charge_for_pending_refund_disputed:
        "de betaling wordt betwist bij de bank van de kaart",
      provider_charge_pending: "de oorspronkelijke betaling is nog niet verwerkt",
    },
    ja: {
      refund_of: "{items}の{amount}",
      open_quote:
        "{items}（{amount}）のお見積もりはまだ有効です。{channel, select, chat {「確認」または「辞退」を押してください} other {確定する場合は「はい」、辞退する場合は「いいえ」とご返信ください}}。別のご希望があればお知らせください。",
      waiting_for_approver:
        "{refund}の返金は当社スタッフの承認待ちです。まだ何も返金されていません。決まり次第お知らせします。",
      not_included: "対象外：",
      approved_processing: "{refund}の返金は承認され、処理中です。",
      needs_reconciliation:
        "{refund}の返金は処理中です。当社スタッフが決済事業者に確認しています。",
      suspended:
        "{refund}の返金は保留中で、まだ何も返金されていません。続ける場合はお知らせください。",
      declined: "{refund}のお見積もりは辞退されたため、返金は行われません。",
      expired:
        "{refund}のお見積もりは期限が切れたため、返金は行われませんでした。もう一度お申し付けいただければ、新しいお見積もりをご用意します。",
      superseded:
        "{refund}のお見積もりは新しいご依頼に置き換えられたため、確定できなくなりました。",
      failed:
        "{refund}の返金を完了できなかったため、お金は動いていません。担当チームに連絡済みで、追ってご連絡します。",
      rejected:
        "当社スタッフが{refund}の返金を確認しましたが、承認できなかったため、返金は行われませんでした。",
      rejected_follow_up: "担当者から詳細をご連絡します。",
      rejected_reason_heading: "確認した担当者からの理由：",
      provider_paid: "完了しました。{refund}の返金を{target}に行いました。{timeline}",
      provider_processing:
        "{target}への{refund}の返金は決済代行会社で処理中で、まだお客様の口座には届いていません。決済代行会社の確認が取れ次第お知らせします。",
      provider_failed_after_paid:
        "申し訳ございません。お知らせした{target}への{refund}の返金は、結局お客様に届きませんでした{why}。お金は当社に戻っています。",
      provider_failed:
        "申し訳ございません。{target}への{refund}の返金は完了しませんでした{why}。お客様の口座にはお金が届いていません。",
      provider_reason: "（{words}）",
      denial:
        "申し訳ございませんが、当社の返金ポリシー（{sections}）により、このご依頼には返金をご提案できません。",
      dispute_opened:
        "{references}について請求の確認を開始しました（対象金額{amount}、{category, select, duplicate_charge {二重請求の可能性} other {金額誤りの可能性}}として登録）。請求担当チームが調査し、結果をご連絡します。確認が終わるまでは、返金や日付をお約束することはできません。",
      holding_reply: "当社スタッフがまもなくこちらでお返事します。",
      order_not_found:
        "お客様のアカウントに{typed, select, yes {注文{orderNumber}} other {そのご注文}}が見つかりません。{next}",
      order_not_found_no_orders: "ご注文確認メールで注文番号をご確認ください。",
      order_not_found_own_orders:
        "お客様のアカウントで確認できる{count, plural, other {ご注文}}：{orders}。ご注文確認メールで番号をご確認いただくか、どの商品のことかお知らせください。",
      refund_timeline: "通常、5〜10営業日以内にご利用明細に反映されます。",
      refund_failed_next_step:
        "ご安心ください。当社スタッフに連絡済みで、別の方法で返金をお送りするためにご連絡します。それまでお客様は何もする必要はありません。",
      charge_reference_help:
        "当社の請求番号は「CH-」の後に数字が続く形式で、カードのご利用明細の支払い欄、またはご注文の領収書に記載されています。記載どおりにお送りください。見つからない場合は担当者との会話をご希望いただければ、当社スタッフがお手伝いします。",
      refused_line: "{reason}（ポリシー{sectionId}）",
      return_fee: "{item}について返品手数料{rate}（{fee}）を差し引きます（ポリシー{sectionId}）。",
      provider_lost_or_stolen_card: "カードの紛失・盗難が届け出られていたため",
      provider_expired_or_canceled_card: "カードの有効期限切れまたは解約のため",
      provider_insufficient_funds: "その時点で当社の決済口座の残高が足りなかったため",
      provider_declined: "カード会社に拒否されたため",
      provider_merchant_request: "当社側で停止したため",
      provider_charge_for_pending_refund_disputed: "お支払いがカード会社で異議申し立て中のため",
      provider_charge_pending: "元のお支払いがまだ確定していないため",
    },
  },
);

export type StatementKey = keyof typeof STATEMENT_CATALOGS.en;
