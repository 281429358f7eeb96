import { defineCatalogs } from "../i18n";

/** What the customer is told when the agent hands the conversation to a person. */
export const HANDOFF_CATALOGS = defineCatalogs(
  {
    person_will_answer:
      "Thank you for your message. A person from our team will answer you here as soon as they can.",
  },
  {
    es: {
      person_will_answer:
        "Gracias por tu mensaje. Una persona de nuestro equipo te responderá aquí lo antes posible.",
    },
    de: {
      person_will_answer:
        "Danke für deine Nachricht. Eine Person aus unserem Team antwortet dir hier so bald wie möglich.",
    },
    fr: {
      person_will_answer:
        "Merci pour votre message. Une personne de notre équipe vous répondra ici dès que possible.",
    },
    pt: {
      person_will_answer:
        "Obrigado pela sua mensagem. Uma pessoa da nossa equipe vai responder aqui assim que puder.",
    },
    it: {
      person_will_answer:
        "Grazie per il tuo messaggio. Una persona del nostro team ti risponderà qui appena possibile.",
    },
    nl: {
      person_will_answer:
        "Bedankt voor je bericht. Iemand van ons team beantwoordt je hier zo snel mogelijk.",
    },
    ja: {
      person_will_answer:
        "メッセージをありがとうございます。担当者ができるだけ早くこちらでお返事します。",
    },
  },
);
