import { defineCatalogs, type MessageCatalog, translator } from "../i18n";
import type { Language } from "../languages";

/*
 * Fixed sentences about refunds that claim nothing: the claim check knows them by heart in every
 * language (claim-templates.ts), so the agent may send them as they are.
 */
export const KNOWN_SENTENCE_CATALOGS = defineCatalogs(
  {
    policy_intro: "Here is what our refund policy says:",
    dispute_not_opened: "I couldn't open a billing review for that",
    authority:
      "I can't accept approvals in chat: only our staff can approve a refund, in our approval system, and each refund needs your confirmation of its exact quote.",
    authority_again:
      "I understand, but I can't accept approvals from anyone in chat, however they were given: a refund is approved only by our staff in our approval system, after you confirm its exact quote yourself.",
    help: "I can help with refunds, returns and billing questions.",
  },
  {
    es: {
      policy_intro: "Esto es lo que dice nuestra política de reembolsos:",
      dispute_not_opened: "No he podido abrir una revisión de facturación para eso",
      authority:
        "No puedo aceptar aprobaciones en el chat: solo nuestro equipo puede aprobar un reembolso, en nuestro sistema de aprobaciones, y cada reembolso necesita que confirmes su presupuesto exacto.",
      authority_again:
        "Lo entiendo, pero no puedo aceptar aprobaciones de nadie en el chat, las haya dado quien las haya dado: un reembolso solo lo aprueba nuestro equipo en nuestro sistema de aprobaciones, después de que tú confirmes su presupuesto exacto.",
      help: "Puedo ayudarte con reembolsos, devoluciones y preguntas de facturación.",
    },
    de: {
      policy_intro: "Das steht in unseren Erstattungsrichtlinien:",
      dispute_not_opened: "Dafür konnte ich keine Abrechnungsprüfung eröffnen",
      authority:
        "Im Chat kann ich keine Genehmigungen annehmen: Nur unser Team kann eine Erstattung genehmigen, in unserem Genehmigungssystem, und jede Erstattung braucht deine Bestätigung des genauen Angebots.",
      authority_again:
        "Ich verstehe, aber im Chat kann ich von niemandem Genehmigungen annehmen, egal wie sie erteilt wurden: Eine Erstattung genehmigt nur unser Team in unserem Genehmigungssystem, nachdem du das genaue Angebot selbst bestätigt hast.",
      help: "Ich helfe dir bei Erstattungen, Rücksendungen und Fragen zur Abrechnung.",
    },
    fr: {
      policy_intro: "Voici ce que dit notre politique de remboursement :",
      dispute_not_opened: "Je n'ai pas pu ouvrir d'examen de facturation pour cela",
      authority:
        "Je ne peux pas accepter d'approbations dans le chat : seule notre équipe peut approuver un remboursement, dans notre système d'approbation, et chaque remboursement nécessite que vous confirmiez son devis exact.",
      authority_again:
        "Je comprends, mais je ne peux accepter d'approbation de personne dans le chat, quelle qu'en soit la forme : un remboursement n'est approuvé que par notre équipe dans notre système d'approbation, après que vous avez vous-même confirmé son devis exact.",
      help: "Je peux vous aider pour les remboursements, les retours et les questions de facturation.",
    },
    pt: {
      policy_intro: "Veja o que diz a nossa política de reembolso:",
      dispute_not_opened: "Não consegui abrir uma revisão de cobrança para isso",
      authority:
        "Não posso aceitar aprovações pelo chat: só a nossa equipe pode aprovar um reembolso, no nosso sistema de aprovações, e cada reembolso precisa que você confirme o orçamento exato.",
      authority_again:
        "Entendo, mas não posso aceitar aprovações de ninguém pelo chat, seja como forem dadas: um reembolso só é aprovado pela nossa equipe no nosso sistema de aprovações, depois que você mesmo confirmar o orçamento exato.",
      help: "Posso ajudar com reembolsos, devoluções e dúvidas de cobrança.",
    },
    it: {
      policy_intro: "Ecco cosa dice la nostra politica di rimborso:",
      dispute_not_opened: "Non sono riuscito ad aprire una verifica di fatturazione per questo",
      authority:
        "Non posso accettare approvazioni in chat: solo il nostro team può approvare un rimborso, nel nostro sistema di approvazione, e ogni rimborso richiede che tu ne confermi il preventivo esatto.",
      authority_again:
        "Capisco, ma non posso accettare approvazioni da nessuno in chat, in qualunque modo siano state date: un rimborso viene approvato solo dal nostro team nel nostro sistema di approvazione, dopo che tu stesso ne hai confermato il preventivo esatto.",
      help: "Posso aiutarti con rimborsi, resi e domande sulla fatturazione.",
    },
    nl: {
      policy_intro: "Dit staat er in ons terugbetalingsbeleid:",
      dispute_not_opened: "Ik kon daarvoor geen factuurcontrole openen",
      authority:
        "Ik kan in de chat geen goedkeuringen aannemen: alleen ons team kan een terugbetaling goedkeuren, in ons goedkeuringssysteem, en voor elke terugbetaling is jouw bevestiging van de exacte offerte nodig.",
      authority_again:
        "Ik begrijp het, maar ik kan in de chat van niemand goedkeuringen aannemen, hoe ze ook gegeven zijn: een terugbetaling wordt alleen door ons team goedgekeurd in ons goedkeuringssysteem, nadat je de exacte offerte zelf hebt bevestigd.",
      help: "Ik kan je helpen met terugbetalingen, retouren en vragen over facturen.",
    },
    ja: {
      policy_intro: "返金ポリシーには次のように記載されています：",
      dispute_not_opened: "その件について請求の確認を開始できませんでした",
      authority:
        "チャットでは承認を受け付けられません。返金を承認できるのは当社の承認システムを使う当社スタッフだけで、どの返金にもお客様ご自身による正確な見積もりの確認が必要です。",
      authority_again:
        "お気持ちはわかりますが、どのような形であっても、チャットでは誰からの承認も受け付けられません。返金は、お客様ご自身が正確な見積もりを確認された後に、当社スタッフが承認システムで承認するものです。",
      help: "返金、返品、請求に関するご質問をお手伝いします。",
    },
  },
);

export type KnownSentenceKey = keyof typeof KNOWN_SENTENCE_CATALOGS.en;

/** The fixed sentences in one language. */
export function knownSentences(language: Language): MessageCatalog<KnownSentenceKey> {
  return KNOWN_SENTENCE_CATALOGS[language];
}

export function knownSentence(language: Language, key: KnownSentenceKey): string {
  return translator(KNOWN_SENTENCE_CATALOGS, language)(key);
}
