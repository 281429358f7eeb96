import type { MessageCatalog } from "../../i18n";
import type { PolicyTextKey } from "./en";

export const POLICY_FR: MessageCatalog<PolicyTextKey> = {
  title_overview: "Vue d'ensemble",
  title_window: "Délai de retour",
  title_exclusions: "Articles que nous ne pouvons pas rembourser",
  title_reasons: "Motifs de retour",
  title_fees: "Frais de retour",
  title_shipping: "Frais de livraison",
  title_approval: "Confirmation et approbation d'un remboursement",
  title_holds: "Durée de validité d'un devis",
  title_disputes: "Contestations de facturation",
  overview_window:
    "Vous pouvez retourner la plupart des articles dans les {days} jours suivant la livraison{hasExceptions, select, yes { ({exceptions})} other {}} et être remboursé sur le moyen de paiement utilisé pour la commande.",
  window_exception: "{category} sous {days} jours",
  overview_final_sale: "{items} ne peuvent pas être remboursés ({section}).",
  final_sale_items: "les articles en vente finale",
  items_marked_final_sale: "les articles marqués vente finale",
  overview_system:
    "Chaque montant est calculé par notre système de remboursement selon cette politique, jamais estimé par une personne ou un assistant, et un remboursement n'est versé qu'après les étapes décrites en {section}.",
  payout:
    "Si {reasons}, vous récupérez {fee, select, none {son prix total} other {son prix moins des frais de {rate}}}{shipping, select, yes { ainsi que les frais de livraison payés ({section})} other {}}.",
  payout_others:
    "{scope, select, every {Quel que soit le motif} other {Pour les autres motifs}}, {fee, select, yes {des frais de retour s'appliquent ({section})} other {vous récupérez son prix total}}.",
  window_intro: "Vous pouvez demander un remboursement dans les {days} jours suivant la livraison.",
  window_category:
    "Pour {category}, le délai est {length, select, shorter {plus court} longer {plus long} other {différent}} : {days} jours.",
  window_count:
    "Nous comptons des jours entiers à partir de la livraison de votre commande : une demande le {days}e jour après la livraison{hasExceptions, select, yes { ({exceptions})} other {}} est encore dans les temps, et après ce jour le délai est écoulé.",
  last_day_exception: "le {days}e jour pour {category}",
  window_not_delivered:
    "Une commande qui n'a pas encore été livrée ne peut pas être retournée ; contactez-nous dès qu'elle est arrivée.",
  exclusions:
    "{items} ne sont jamais remboursés. Un article déjà remboursé ne peut pas l'être une seconde fois, et nous ne pouvons rembourser que des articles faisant partie de votre commande.",
  reasons:
    "Dites-nous pourquoi vous retournez un article. Les motifs acceptés sont : il est arrivé endommagé ; nous avons envoyé le mauvais article ; il n'est pas conforme à la description ; il est trop petit ; il est trop grand ; ou vous n'en avez plus besoin. Le motif détermine les frais de retour ({fees}) et le remboursement ou non de la livraison ({shipping}).",
  fee: "Si {reasons}, {fee, select, none {vous récupérez le prix total de l'article} other {nous déduisons des frais de retour de {rate} du prix de l'article}}.",
  fee_opened: "Pour {category} ouverts, les frais sont de {rate}.",
  fee_per_line:
    "Les frais sont calculés séparément pour chaque ligne d'articles (quantité multipliée par le prix) et arrondis au centime le plus proche.",
  shipping_none: "Les frais de livraison ne sont pas remboursés.",
  shipping:
    "Si {reasons}, nous remboursons aussi les frais de livraison payés pour cette commande. La livraison est remboursée une fois par commande, avec le premier remboursement de ce type. Pour tout autre motif, la livraison n'est pas remboursée.",
  approval_quote:
    "Dans le chat, avant de rembourser quoi que ce soit, nous vous montrons un devis détaillant chaque article, les éventuels frais et le total, et vous confirmez ce devis précis. Les remboursements supérieurs à {limit} sont en outre vérifiés par un membre de notre équipe avant d'être versés.",
  approval_channels:
    "Les demandes faites par {channels, select, both {chat ou e-mail} other {e-mail}} sont toujours vérifiées par notre équipe, quel que soit le montant.",
  approval_always: "Si {reasons}, le remboursement est toujours vérifié par notre équipe.",
  approval_above:
    "Si {reasons}, le remboursement est vérifié par notre équipe lorsqu'il dépasse {limit}.",
  approval_only_confirmation:
    "Seule compte votre confirmation du devis qui vous a été présenté : un message tel que « j'approuve tous les remboursements à venir », ou une note indiquant que quelqu'un d'autre l'a déjà approuvé, ne remplace pas ces étapes.",
  holds:
    "Un devis est conservé {holdMinutes} minutes. Si vous ne le confirmez pas dans ce délai, il expire, et vous pouvez simplement demander un nouveau devis. Un chat inactif depuis {idleMinutes} minutes se termine, et le devis d'un chat terminé ne peut plus être accepté.",
  disputes:
    "Si un prélèvement sur votre relevé semble erroné ou apparaît deux fois, indiquez-nous sa référence (elle commence par CH-). Nous vérifions chaque prélèvement dans nos registres et ouvrons un examen avec les montants qui y figurent ; un membre de notre équipe assure le suivi. L'ouverture d'un examen ne garantit à elle seule ni avoir ni date.",
  cond_damaged: "un article est arrivé endommagé",
  cond_wrong_item: "nous avons envoyé le mauvais article",
  cond_not_as_described: "un article n'est pas conforme à la description",
  cond_too_small: "un article est trop petit",
  cond_too_large: "un article est trop grand",
  cond_no_longer_needed: "vous n'en avez plus besoin",
  category_electronics: "les appareils électroniques",
  category_gift_card: "les cartes cadeaux",
  keywords_overview: "politique règles ensemble fonctionne",
  keywords_window: "délai jours date limite temps livré livraison électronique expiré quand",
  keywords_exclusions: "carte cadeau vente finale exclu exclus exclusions déjà nouveau deux fois",
  keywords_reasons:
    "motif motifs raison pourquoi endommagé cassé fissuré mauvais erroné description petit grand taille besoin",
  keywords_fees:
    "frais commission déduit déduction coût pourcentage restockage prix ouvert électronique combien montant",
  keywords_shipping: "livraison expédition port envoi étiquette transport",
  keywords_approval:
    "confirmer confirmation approuver approbation approuvé vérification vérifier responsable équipe personnel qui devis attendre attente",
  keywords_holds: "expire expirer expiré valable validité conservé minutes inactif devis",
  keywords_disputes:
    "prélèvement prélevé débité contestation litige facturation facture relevé doublon deux fois double montant",
};
