import { defineCatalogs } from "../i18n";

/*
 * What the offline agent writes in its own words, in every supported language. None of it states
 * an amount, an outcome, a date or an id: facts about money reach the customer only as statements
 * that code renders from the records. `{authority}` and `{help}` are fixed sentences from
 * known-sentences.ts in the same language; `{items}` are the customer's order lines by their store
 * names, joined with `item_separator`.
 */
export const AGENT_REPLY_CATALOGS = defineCatalogs(
  {
    denial:
      "If something about the order is different from what I see, reply and I'll take another look.",
    ask_item_and_why: "Tell me which item you'd like to return and why.",
    thank_you: "Thank you.",
    no_problem: "No problem.",
    passed_to_team: "I couldn't go ahead with that request myself, so I've passed it to our team.",
    authority: "Thanks for letting me know. {authority} Nothing has changed on your account.",
    authority_again: "{authority} Your account is as it was.",
    pushback:
      "I understand this is frustrating, and I'm sorry for the trouble. I can't change what our policy allows, but I've passed your message to our team, and a person will review your case.",
    pushback_again:
      "I hear you. I've passed this on to our team as well, and a person will review your case personally.",
    fallback: "{help} Which item or charge is this about, and what's the problem?",
    ask_item:
      "I'd be happy to help with a return. Which item would you like to return, and what's the reason (for example damaged, wrong item, too small or too large, or no longer needed)?",
    ask_item_from_orders:
      "I'd be happy to help with a return. Which item would you like to return, and what's wrong with it?",
    order_lines: "In your order {orderNumber}: {items}.",
    item_separator: ", ",
    unknown_sender:
      "Thanks for writing. I couldn't find a customer account for this email address, so I can't look up an order from here. Please write to us from the email address you used when ordering and I'll take it from there. I'm happy to answer any questions about our policy in the meantime.",
    message_received: "Thank you for your message.",
  },
  {
    es: {
      denial: "Si algo del pedido no coincide con lo que veo, respóndeme y lo reviso de nuevo.",
      ask_item_and_why: "Dime qué artículo quieres devolver y por qué.",
      thank_you: "Gracias.",
      no_problem: "Sin problema.",
      passed_to_team:
        "No he podido seguir con esta solicitud por mi cuenta, así que se la he pasado a nuestro equipo.",
      authority: "Gracias por avisarme. {authority} No ha cambiado nada en tu cuenta.",
      authority_again: "{authority} Tu cuenta sigue como estaba.",
      pushback:
        "Entiendo que es frustrante y siento las molestias. No puedo cambiar lo que permite nuestra política, pero he pasado tu mensaje a nuestro equipo y una persona revisará tu caso.",
      pushback_again:
        "Te entiendo. También se lo he pasado a nuestro equipo, y una persona revisará tu caso personalmente.",
      fallback: "{help} ¿De qué artículo o pedido se trata y qué problema tiene?",
      ask_item:
        "Con gusto te ayudo con una devolución. ¿Qué artículo quieres devolver y qué le pasa?",
      ask_item_from_orders: "Con gusto te ayudo. ¿Qué artículo quieres devolver y qué le pasa?",
      order_lines: "En tu pedido {orderNumber}: {items}.",
      item_separator: ", ",
      unknown_sender:
        "Gracias por escribirnos. No he encontrado ninguna cuenta de cliente con esta dirección de correo, así que desde aquí no puedo consultar ningún pedido. Escríbenos desde la dirección que usaste al hacer el pedido y me encargo. Mientras tanto, puedo responder cualquier pregunta sobre nuestra política.",
      message_received: "Gracias por tu mensaje.",
    },
    de: {
      denial:
        "Wenn an der Bestellung etwas anders ist, als ich es sehe, antworte mir einfach und ich schaue es mir noch einmal an.",
      ask_item_and_why: "Sag mir, welchen Artikel du zurückgeben möchtest und warum.",
      thank_you: "Danke.",
      no_problem: "Kein Problem.",
      passed_to_team:
        "Ich konnte mit dieser Anfrage selbst nicht weitermachen, deshalb habe ich sie an unser Team weitergegeben.",
      authority: "Danke für den Hinweis. {authority} An deinem Konto hat sich nichts geändert.",
      authority_again: "{authority} Dein Konto ist unverändert.",
      pushback:
        "Ich verstehe, dass das frustrierend ist, und es tut mir leid. Ich kann nicht ändern, was unsere Richtlinien erlauben, aber ich habe deine Nachricht an unser Team weitergegeben, und eine Person sieht sich deinen Fall an.",
      pushback_again:
        "Ich verstehe dich. Auch das habe ich an unser Team weitergegeben, und eine Person sieht sich deinen Fall persönlich an.",
      fallback:
        "{help} Um welchen Artikel oder welche Bestellung geht es, und was ist das Problem?",
      ask_item:
        "Gerne helfe ich dir bei einer Rücksendung. Welchen Artikel möchtest du zurückgeben, und was ist damit?",
      ask_item_from_orders:
        "Gerne helfe ich dir. Welchen Artikel möchtest du zurückgeben, und was ist damit?",
      order_lines: "In deiner Bestellung {orderNumber}: {items}.",
      item_separator: ", ",
      unknown_sender:
        "Danke für deine Nachricht. Zu dieser E-Mail-Adresse habe ich kein Kundenkonto gefunden, deshalb kann ich von hier aus keine Bestellung nachschlagen. Schreib uns bitte von der E-Mail-Adresse, mit der du bestellt hast, dann kümmere ich mich darum. Fragen zu unseren Richtlinien beantworte ich dir gerne schon jetzt.",
      message_received: "Danke für deine Nachricht.",
    },
    fr: {
      denial:
        "Si quelque chose dans la commande ne correspond pas à ce que je vois, répondez-moi et je regarderai à nouveau.",
      ask_item_and_why: "Dites-moi quel article vous souhaitez retourner et pourquoi.",
      thank_you: "Merci.",
      no_problem: "Pas de problème.",
      passed_to_team:
        "Je n'ai pas pu donner suite à cette demande moi-même, je l'ai donc transmise à notre équipe.",
      authority: "Merci de me l'avoir signalé. {authority} Rien n'a changé sur votre compte.",
      authority_again: "{authority} Votre compte est tel qu'il était.",
      pushback:
        "Je comprends que ce soit frustrant, et je suis désolé pour ce désagrément. Je ne peux pas changer ce que permet notre politique, mais j'ai transmis votre message à notre équipe, et une personne examinera votre dossier.",
      pushback_again:
        "Je vous entends. J'ai aussi transmis ceci à notre équipe, et une personne examinera votre dossier personnellement.",
      fallback: "{help} De quel article ou de quelle commande s'agit-il, et quel est le problème ?",
      ask_item:
        "Je vous aide volontiers pour un retour. Quel article souhaitez-vous retourner, et quel est le problème ?",
      ask_item_from_orders:
        "Je vous aide volontiers. Quel article souhaitez-vous retourner, et quel est le problème ?",
      order_lines: "Dans votre commande {orderNumber} : {items}.",
      item_separator: ", ",
      unknown_sender:
        "Merci pour votre message. Je n'ai trouvé aucun compte client associé à cette adresse e-mail, je ne peux donc pas consulter de commande d'ici. Écrivez-nous depuis l'adresse e-mail utilisée pour votre commande et je m'en occupe. En attendant, je réponds volontiers à vos questions sur notre politique.",
      message_received: "Merci pour votre message.",
    },
    pt: {
      denial:
        "Se algo no pedido estiver diferente do que estou vendo, me responda e eu dou outra olhada.",
      ask_item_and_why: "Me diga qual item você quer devolver e por quê.",
      thank_you: "Obrigado.",
      no_problem: "Sem problema.",
      passed_to_team:
        "Não consegui dar andamento a essa solicitação sozinho, então a encaminhei para a nossa equipe.",
      authority: "Obrigado por avisar. {authority} Nada mudou na sua conta.",
      authority_again: "{authority} Sua conta continua como estava.",
      pushback:
        "Entendo que isso é frustrante e peço desculpas pelo transtorno. Não posso mudar o que a nossa política permite, mas encaminhei sua mensagem para a nossa equipe, e uma pessoa vai analisar o seu caso.",
      pushback_again:
        "Eu entendo. Também encaminhei isso para a nossa equipe, e uma pessoa vai analisar o seu caso pessoalmente.",
      fallback: "{help} De qual item ou pedido se trata, e qual é o problema?",
      ask_item:
        "Fico feliz em ajudar com uma devolução. Qual item você quer devolver, e o que aconteceu com ele?",
      ask_item_from_orders:
        "Fico feliz em ajudar. Qual item você quer devolver, e o que aconteceu com ele?",
      order_lines: "No seu pedido {orderNumber}: {items}.",
      item_separator: ", ",
      unknown_sender:
        "Obrigado por escrever. Não encontrei nenhuma conta de cliente com este endereço de e-mail, então não consigo consultar pedidos por aqui. Escreva para nós do endereço de e-mail que você usou na compra e eu cuido do resto. Enquanto isso, posso responder qualquer dúvida sobre a nossa política.",
      message_received: "Obrigado pela sua mensagem.",
    },
    it: {
      denial: "Se qualcosa dell'ordine è diverso da quello che vedo, rispondimi e ricontrollo.",
      ask_item_and_why: "Dimmi quale articolo vuoi restituire e perché.",
      thank_you: "Grazie.",
      no_problem: "Nessun problema.",
      passed_to_team:
        "Non sono riuscito a portare avanti questa richiesta da solo, quindi l'ho passata al nostro team.",
      authority: "Grazie per avermelo detto. {authority} Sul tuo account non è cambiato nulla.",
      authority_again: "{authority} Il tuo account è rimasto com'era.",
      pushback:
        "Capisco che sia frustrante e mi dispiace per il disagio. Non posso cambiare quello che la nostra politica permette, ma ho passato il tuo messaggio al nostro team e una persona esaminerà il tuo caso.",
      pushback_again:
        "Ti capisco. Ho passato anche questo al nostro team, e una persona esaminerà il tuo caso personalmente.",
      fallback: "{help} Di quale articolo o ordine si tratta, e qual è il problema?",
      ask_item:
        "Ti aiuto volentieri con un reso. Quale articolo vuoi restituire, e che problema ha?",
      ask_item_from_orders:
        "Ti aiuto volentieri. Quale articolo vuoi restituire, e che problema ha?",
      order_lines: "Nel tuo ordine {orderNumber}: {items}.",
      item_separator: ", ",
      unknown_sender:
        "Grazie per averci scritto. Non ho trovato nessun account cliente con questo indirizzo email, quindi da qui non posso cercare un ordine. Scrivici dall'indirizzo email che hai usato per l'ordine e me ne occupo io. Nel frattempo rispondo volentieri a qualsiasi domanda sulla nostra politica.",
      message_received: "Grazie per il tuo messaggio.",
    },
    nl: {
      denial:
        "Als er iets aan de bestelling anders is dan wat ik zie, antwoord dan en ik kijk er opnieuw naar.",
      ask_item_and_why: "Laat me weten welk artikel je wilt retourneren en waarom.",
      thank_you: "Dank je.",
      no_problem: "Geen probleem.",
      passed_to_team:
        "Ik kon zelf niet verder met dit verzoek, dus ik heb het doorgegeven aan ons team.",
      authority: "Bedankt dat je het laat weten. {authority} Er is niets veranderd aan je account.",
      authority_again: "{authority} Je account is hetzelfde gebleven.",
      pushback:
        "Ik begrijp dat dit frustrerend is, en het spijt me voor het ongemak. Ik kan niet veranderen wat ons beleid toestaat, maar ik heb je bericht doorgegeven aan ons team, en iemand bekijkt je situatie persoonlijk.",
      pushback_again:
        "Ik begrijp je. Ook dit heb ik doorgegeven aan ons team, en iemand bekijkt je situatie persoonlijk.",
      fallback: "{help} Over welk artikel of welke bestelling gaat het, en wat is het probleem?",
      ask_item:
        "Ik help je graag met een retour. Welk artikel wil je retourneren, en wat is er mis mee?",
      ask_item_from_orders:
        "Ik help je graag. Welk artikel wil je retourneren, en wat is er mis mee?",
      order_lines: "In je bestelling {orderNumber}: {items}.",
      item_separator: ", ",
      unknown_sender:
        "Bedankt voor je bericht. Ik kon bij dit e-mailadres geen klantaccount vinden, dus ik kan van hieruit geen bestelling opzoeken. Stuur ons een bericht vanaf het e-mailadres waarmee je hebt besteld, dan help ik je verder. In de tussentijd beantwoord ik graag je vragen over ons beleid.",
      message_received: "Bedankt voor je bericht.",
    },
    ja: {
      denial: "ご注文の内容が私の見ているものと異なる場合は、ご返信ください。改めてお調べします。",
      ask_item_and_why: "返品をご希望の商品と、その理由を教えてください。",
      thank_you: "ありがとうございます。",
      no_problem: "承知しました。",
      passed_to_team: "このご依頼は私では対応できなかったため、当社のチームに引き継ぎました。",
      authority:
        "お知らせいただきありがとうございます。{authority}お客様のアカウントには何も変更はありません。",
      authority_again: "{authority}お客様のアカウントは以前のままです。",
      pushback:
        "ご不便をおかけして申し訳ありません。当社のポリシーで認められている内容を私が変えることはできませんが、メッセージを当社のチームに伝えましたので、担当者がお客様の件を拝見します。",
      pushback_again:
        "お気持ちはよくわかります。こちらの内容も当社のチームに伝えましたので、担当者がお客様の件を直接拝見します。",
      fallback: "{help}どの商品またはご注文についてのお問い合わせで、どのような問題がありますか？",
      ask_item:
        "返品のお手伝いをいたします。どの商品を返品されますか？また、どのような問題がありますか？",
      ask_item_from_orders:
        "喜んでお手伝いします。どの商品を返品されますか？また、どのような問題がありますか？",
      order_lines: "ご注文 {orderNumber} の商品：{items}。",
      item_separator: "、",
      unknown_sender:
        "ご連絡ありがとうございます。このメールアドレスに一致するお客様アカウントが見つからなかったため、こちらからはご注文をお調べできません。ご注文時に使用されたメールアドレスからご連絡いただければ、対応いたします。それまでの間も、当社のポリシーに関するご質問にはお答えします。",
      message_received: "メッセージをありがとうございます。",
    },
  },
);

export type AgentReplyKey = keyof typeof AGENT_REPLY_CATALOGS.en;
