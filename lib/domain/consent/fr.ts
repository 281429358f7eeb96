import { AMOUNT, ITEM } from "../classify-message-lexicon";
import { buildLexicon } from "./build-lexicon";

/*
 * French. "C'est bon" may mean "no need" as well as "fine": it is never a yes. A verb joined
 * to its subject by a hyphen ("pouvez-vous", "est-ce", "va-t-il") asks.
 */
export const FRENCH = buildLexicon({
  language: "fr",
  yesWords: `
    oui, ouais, ok, okay, d'accord, dac, bien sûr, bien sur, évidemment, absolument, parfait,
    parfaitement, exactement, entendu, volontiers, ça marche, ca marche, c'est d'accord,
    pas de problème, pas de souci, sans problème, ça me va, ca me va
  `,
  courtesy: `
    s'il vous plaît, s'il vous plait, svp, stp, s'il te plaît, s'il te plait, merci,
    merci beaucoup, merci bien, mille mercis, super, génial, excellent, très bien, tres bien,
    bien, bonjour, bonsoir, salut, compris, alors, bonne journée, bonne soirée,
    merci pour votre aide, merci pour l'aide
  `,
  object: (named) =>
    `(?:le|ça|ca|cela|(?:le|ce|mon) remboursement|(?:la|cette|votre) offre|${named}|(?:le|ce|mon) remboursement (?:de|du|des|pour) (?:la |le |les )?${named})`,
  affirming: (object, yes) => [
    `(?:allez-y|allez y|vas-y|vas y|allons-y|allons y|c'est parti|faites-le|faites le|fais-le|fais le)`,
    `(?:procédez|procedez|procède|procede)(?: au remboursement| à ${object}| a ${object})?`,
    `(?:effectuez|lancez|validez|confirmez) ${object}`,
    `(?:je )?(?:confirme|valide)(?: ${object})?`,
    `(?:je l'accepte|j'accepte(?: ${object}| l'offre)?)`,
    `(?:je suis|nous sommes) d'accord(?: avec ${object})?`,
    `(?:ça|ca|cela) me (?:convient|semble bien|semble parfait)`,
    `(?:c'est|ce serait) (?:parfait|très bien|tres bien|correct|ok|d'accord|impeccable)`,
    `(?:ça|ca) (?:semble|me paraît|me parait) (?:bien|parfait|correct)`,
    `${yes}(?: svp| merci)? pour ${object}`,
    `${AMOUNT} (?:me convient|me va|c'est parfait|c'est bien|ça me va|ca me va)`,
  ],
  resuming: (object) => [
    `(?:on continue|continuons|continuez|reprenons|on reprend|reprenez|poursuivons|on poursuit)(?:(?: avec)? ${object})?`,
    `revenons (?:à|a) ${object}`,
  ],
  and: / et (?:puis )?/,
  decline: {
    openers: `
      euh, hmm, hum, bon, ben, bah, alors, en fait, finalement, désolé, désolée, desole, pardon,
      ok, d'accord, tout compte fait, à la réflexion, a la reflexion, réflexion faite
    `,
    negations: "non, nan, nope",
    dismissals: (object) => {
      const kept = `(?:${ITEM}(?: et ${ITEM})*|les deux|tout|l'article|les articles|le produit|les produits|la commande)`;
      return [
        `non merci`,
        `merci mais non`,
        `(?:sans façon|pas question|hors de question|certainement pas|absolument pas|surtout pas|jamais|pas pour moi)`,
        `(?:pas intéressé|pas intéressée|pas interesse|ça ne m'intéresse pas|ca ne m'interesse pas|je ne suis pas intéressé|je ne suis pas intéressée)`,
        `(?:je refuse|je décline|je decline)(?: ${object}| l'offre)?`,
        `je n'accepte pas(?: ${object}| l'offre)?`,
        `je ne (?:veux|souhaite) (?:pas|plus)(?: (?:de |du )?remboursement| le remboursement| ${object}| continuer| les retourner| le retourner)?`,
        `(?:ne|n') ?(?:faites|fais|procédez|continuez) (?:pas|rien)`,
        `(?:laissez tomber|laisse tomber|oubliez|oublie|oubliez ça|oublie ça|annulez|annule)`,
        `(?:j'ai )?changé d'avis`,
        `(?:je préfère pas|je préfère ne pas|je prefere pas|je passe)`,
        `(?:finalement )?je (?:les|le|la) garde`,
        `je (?:vais|préfère|prefere) (?:les |le |la )?garder`,
        `je (?:garde|vais garder|préfère garder|prefere garder) ${kept}`,
      ];
    },
    tails: `
      finalement, merci, merci quand même, quand même, alors, en fin de compte, tout compte fait,
      s'il vous plaît, svp
    `,
    remarkStart: `(?:c'est|ce|il|ils|elle|elles|le|la|les|mon|ma|mes|je suis|j'en suis|trop|pas|${ITEM}) `,
    aboutTheRequest: `
      garder, garde, remboursement, rembourser, retour, retourner, renvoyer, échange, échanger,
      remplacement, plutôt, veux, voudrais, souhaite, besoin, svp, vous, tu, annuler
    `,
    weakAcks:
      "ok, okay, d'accord, bon, très bien, entendu, compris, ça marche, c'est bon, c'est ok",
    strongYes: `
      oui, ouais, d'accord, allez-y, vas-y, je confirme, j'accepte, bien sûr, absolument,
      parfait, volontiers, ok
    `,
    negated: "ne, pas, non, jamais, plus, rien, aucun, aucune, n'accepte, n'ai, n'est",
  },
  conditions: `
    si, sauf, seulement, uniquement, mais, sauf si, à condition, a condition, pourvu que,
    tant que, à moins, a moins, excepté, hormis, bien que, quoique, même si, peut-être,
    peut être, probablement, sans doute, je pense, je crois, je suppose, j'imagine, pas sûr,
    pas sur, pas certain, bof, euh, hmm, hum, enfin, dès que, une fois, jusqu'à, quand,
    lorsque, genre
  `,
  conditionShapes: "(?:^| )s'il (?!vous pla[iî]t|te pla[iî]t)",
  sarcasm: `
    mdr, ptdr, lol, haha, hahaha, hihi, ouais c'est ça, c'est ça oui, mais bien sûr, comme si,
    tu parles, mon oeil, mon œil
  `,
  questionWords: `
    quoi, qu'est-ce, qu'est-ce que, pourquoi, comment, combien, quand, où, quel, quelle, quels,
    quelles, lequel, laquelle, qui, je me demande, curieux, curieuse, est-ce que, c'est quoi
  `,
  questionShape:
    "^(?:(?:oui|ok|et|mais|alors|donc|bonjour|d'accord) )*(?:est-ce|puis-je|y a-t-il|il y a|ça prend|ca prend|vous pouvez|tu peux|je peux|on peut|je dois|je vais recevoir|je recevrai|ça coûte|ca coute)(?: |$)|(?:^| )\\S+-(?:t-)?(?:il|elle|ils|elles|vous|tu|je|on)(?: |$)",
  notAQuestion: "(?:^| )pourquoi pas(?: |$)",
  infoOrHold: `
    attendez, attends, attendre, un instant, une seconde, une minute, un moment,
    deux secondes, laissez-moi réfléchir, laisse-moi réfléchir, je vais réfléchir,
    je dois réfléchir, réfléchir, reflechir, je réfléchis, pas encore, pas maintenant,
    plus tard, dites-moi, dis-moi, expliquez, expliquez-moi, explique-moi, précisez,
    plus d'infos, plus d'informations, informations, détails, details, question,
    une question, je voudrais savoir, je veux savoir, savoir, avant de, d'abord, pause,
    je vérifie, vérifier
  `,
  requestAsQuestion:
    "^(?:est-ce que )?(?:vous pouvez|tu peux|pouvez-vous|peux-tu|pourriez-vous|pourrais-tu|vous pourriez|tu pourrais)(?: svp| s'il vous plaît)? (?:continuer|procéder|proceder|le faire|rembourser|confirmer|valider|y aller|lancer)",
  switchPhrase: (slots) =>
    `(?:^| )(?:plutôt|plutot|à la place|a la place|au lieu|changez (?:pour|en)|change (?:pour|en)|remplacez par|je voulais dire|je veux dire|oubliez (?:le|la|les|mon|ma|mes|${slots})|oublie (?:le|la|les|mon|ma|mes|${slots})|pas (?:le|la|les|mon|ma|mes|${slots}))(?: |$)`,
  negatedSwitch: "(?:^| )(?:ne|pas|jamais) (?:\\S+ )?(?:changer|échanger|remplacer|voulais)(?: |$)",
  dropping: "pas, oubliez, oublie, que, sauf, hormis, de, lieu",
  determiners: `
    le, la, les, un, une, des, mon, ma, mes, ton, ta, tes, votre, vos, notre, nos, ce, cet,
    cette, ces, du
  `,
  notAThing: `
    remboursement, remboursements, argent, montant, somme, total, prix, frais, livraison,
    politique, carte, compte, banque, crédit, paiement, méthode, moyen, retour, étiquette,
    adresse, chose, choses, temps, jour, semaine, mois, option, idée, demande, commande,
    article, produit, achat, autre, même, reste, fois, moment, réponse, question, mail, email,
    reçu, raison, magasin, boutique, taille, couleur, échange, bon, code, aide, offre, peine,
    deux
  `,
  stopwords: `
    est, était, sont, je, tu, il, elle, nous, vous, ils, et, ou, mais, à, a, de, pour, en,
    avec, merci, aussi, très, juste, plus, garde
  `,
  otherThing:
    "(?:^| )(?:autre|autres|deuxième|second|seconde) (?:commande|article|produit|achat|chose)s?(?: |$)|(?:^| )(?:l'autre|les autres)(?: |$)",
  itemDeterminers: "le|la|les|mon|ma|mes|ce|cet|cette|ces",
  authority: `
    approuvé, approuve, approuvée, approbation, autorisé, autorise, autorisation, responsable,
    manager, gérant, gerant, chef, superviseur, directeur, admin, administrateur, système,
    systeme, assistant, développeur, ignorez, ignore, ignorer, instruction, instructions, mode,
    outil, permission, déjà confirmé, deja confirme, déjà dit oui, au nom, collègue,
    personnel, utilisateur, exécute, exécuter, executer
  `,
  typoTargets: "parfait, d'accord, volontiers",
  notTypos: "",
});
