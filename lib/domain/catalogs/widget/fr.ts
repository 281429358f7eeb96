import type { MessageCatalog } from "../../i18n";
import type { WidgetMessageKey } from "./en";

export const WIDGET_FR: MessageCatalog<WidgetMessageKey> = {
  // The shop page's launcher button and the title of the chat's frame (public/widget.js).
  launcher_open: "Discutez avec nous",
  launcher_frame_title: "Chat avec le support",
  header_title: "Chat",
  header_title_shop: "Discuter avec {shop}",
  close_chat: "Fermer le chat",
  language_label: "Langue",
  opening: "Ouverture du chat…",
  unreachable: "Le chat n'a pas pu joindre le serveur. Vérifiez votre connexion.",
  token_required:
    "Cette boutique ouvre le chat uniquement aux clients connectés. Connectez-vous sur le site de la boutique, puis rouvrez le chat.",
  session_ended_idle:
    "Votre session de chat s'est terminée après 30 minutes d'inactivité. Confirmez votre identité pour continuer.",
  session_ended: "Votre session de chat est terminée. Confirmez votre identité pour continuer.",
  language_not_saved: "Votre choix de langue n'a pas pu être enregistré. Réessayez.",

  identity_heading: "Commençons par retrouver votre commande",
  identity_intro:
    "Pour que vous seul puissiez voir vos commandes et remboursements, saisissez l'adresse e-mail utilisée pour la commande et l'un de vos numéros de commande.",
  email_label: "Adresse e-mail",
  order_number_label: "Numéro de commande",
  order_number_hint:
    "Il figure dans l'e-mail de confirmation de votre commande, par exemple A1043.",
  checking: "Vérification…",
  start_chat: "Démarrer le chat",

  loading_conversation: "Chargement de votre conversation…",
  new_session_started:
    "Une nouvelle session a commencé ; répondez de nouveau au devis si vous le souhaitez toujours.",
  conversation_label: "Conversation",
  greeting:
    "Bonjour {name} ! Dites-nous ce qui ne va pas avec votre commande et nous allons arranger ça.",
  reconnecting: "Reconnexion… les messages reçus entre-temps s'afficheront.",
  typing: "Le support est en train d'écrire…",
  you_said: "Vous avez écrit",
  support_said: "Le support a écrit",
  support_team_said: "L'équipe du support a écrit",

  image_described: "[image : {alt}]",
  image: "[image]",
  message_label: "Votre message",
  message_hint:
    "{count} / {max} caractères. Entrée pour envoyer, Maj+Entrée pour aller à la ligne.",
  message_placeholder: "Écrivez un message…",
  send: "Envoyer",
  write_first: "Écrivez d'abord un message.",
  message_too_long: "Un message peut contenir au maximum {max} caractères.",

  quote_heading: "Devis de remboursement · commande {order}",
  quote_reason: "Motif : {reason}",
  quote_table_caption: "Montants remboursés pour la commande {order}",
  column_item: "Article",
  column_price: "Prix",
  column_fee: "Frais",
  shipping: "Livraison",
  no_fee: "aucun",
  refund_total: "Remboursement",
  refund_to: "Sur {target}",
  return_fees_label: "Frais de retour",
  refused_lines_heading: "Non inclus :",
  assumed_reason_lead:
    "Vous ne nous avez pas indiqué pourquoi vous le retournez, ce devis suppose donc :",
  // Closes the sentence whose end is the assumed reason, shown in bold.
  assumed_reason_end: ".",
  assumed_reason_tail: "Si ce n'est pas le cas, indiquez-moi le motif au lieu de confirmer.",
  confirm_refund: "Confirmer le remboursement de {amount}",
  decline: "Refuser",
  fresh_quote_button: "Demander un nouveau devis",
  fresh_quote_asked: "Vous avez demandé un nouveau devis pour ces articles.",

  status_held:
    "Réservé pour vous jusqu'à {time}. Rien n'est remboursé tant que vous n'avez pas confirmé.",
  status_suspended:
    "En pause pendant que nous répondons à votre question. Dites « allez-y » quand vous voulez continuer.",
  status_awaiting_approval:
    "Vous avez confirmé. Un membre de l'équipe valide les remboursements de ce montant ; nous vous tiendrons au courant ici.",
  status_approved: "Validé. Le remboursement est en cours de traitement.",
  status_declined: "Vous avez refusé ce devis. Rien n'a été remboursé.",
  status_rejected:
    "Notre équipe n'a pas validé ce remboursement. La réponse ci-dessous explique pourquoi.",
  status_outdated: "Ce devis n'est plus valable : {why} {invitation}",
  fresh_quote_invitation:
    "Rien n'a été remboursé sur ce devis. Demandez un nouveau devis et je vérifierai ce qui peut encore être remboursé.",
  status_expired:
    "Ce devis a expiré sans réponse et ne peut plus être confirmé. Demandez un nouveau devis pour les mêmes articles.",
  status_superseded:
    "Remplacé par votre demande plus récente. Ce devis ne peut plus être confirmé.",
  status_failed: "Le remboursement n'a pas pu aboutir. Notre équipe a été prévenue.",
  status_needs_reconciliation:
    "Notre équipe vérifie ce remboursement auprès du prestataire de paiement.",
  refund_paid: "{amount} remboursés sur {target}.",
  refund_processing:
    "En cours : envoyé sur {target}, pas encore sur votre compte. Nous vous préviendrons ici dès que le prestataire de paiement l'aura confirmé.",
  refund_came_back:
    "Ce remboursement ne vous est finalement pas parvenu ; l'argent nous est revenu.",
  refund_came_back_because:
    "Ce remboursement ne vous est finalement pas parvenu ({why}) ; l'argent nous est revenu.",
  refund_not_through: "Ce remboursement n'a pas abouti, rien n'est donc arrivé sur votre compte.",
  refund_not_through_because:
    "Ce remboursement n'a pas abouti ({why}), rien n'est donc arrivé sur votre compte.",
  refund_next_step: "Notre équipe vous contactera pour vous l'envoyer autrement.",

  problem_wrong_pair:
    "Nous n'avons trouvé aucune commande avec cette adresse e-mail et ce numéro de commande.",
  problem_no_session: "Confirmez votre identité pour commencer à discuter.",
  problem_token_expired:
    "Votre connexion à la boutique a expiré. Rechargez la page de la boutique pour continuer.",
  problem_token_invalid:
    "La connexion à la boutique n'a pas pu être vérifiée : le chat ne peut pas s'ouvrir pour ce compte.",
  problem_quote_changed: "Ce devis a changé ; consultez le plus récent.",
  problem_quote_session_ended: "La session de chat est terminée ; demandez un nouveau devis.",
  problem_rate_limited:
    "Trop de tentatives. Réessayez dans {seconds, plural, one {# seconde} other {# secondes}}.",
  problem_rate_limited_minutes:
    "Trop de tentatives. Réessayez dans {minutes, plural, one {# minute} other {# minutes}}.",
  problem_invalid_input: "Vérifiez ce que vous avez saisi et réessayez.",
  problem_other: "Une erreur s'est produite. Réessayez dans un instant.",
};
