import type { Language } from "./languages";

/*
 * How a customer asks for a person, per supported language, as a closed grammar: a sentence (or
 * comma-separated clause) is a request only when it is one of these phrases from its first word to
 * its last. Anything else, a negation included ("no quiero hablar con una persona"), is not.
 * Written lower case, without the diacritics normalisation strips (see hand-off.ts).
 */

const either = (...parts: string[]) => `(?:${parts.join("|")})`;

const ENGLISH_PERSON = `(?:a |an |some |a real |an actual |a live )?${either(
  "person",
  "human",
  "human being",
  "agent",
  "representative",
  "rep",
  "someone",
  "somebody",
  "staff member",
  "member of (?:staff|your team)",
  "support agent",
  "customer service(?: agent| representative)?",
  "operator",
)}`;

const SPANISH_PERSON = either(
  "una persona(?: real| de verdad)?",
  "un humano",
  "un ser humano",
  "un agente",
  "alguien(?: del equipo)?",
  "un operador",
  "una operadora",
  "un asesor",
  "una asesora",
  "un representante",
  "un empleado",
  "una empleada",
);

const GERMAN_PERSON_DATIVE = either(
  "einem (?:echten )?menschen",
  "einer (?:echten )?person",
  "einem (?:menschlichen )?mitarbeiter",
  "einer mitarbeiterin",
  "jemandem(?: aus dem team| vom team| vom support)?",
  "einem berater",
  "einer beraterin",
  "einem agenten",
);

const GERMAN_PERSON_ACCUSATIVE = either(
  "einen (?:echten )?menschen",
  "eine (?:echte )?person",
  "einen mitarbeiter",
  "eine mitarbeiterin",
  "jemanden(?: aus dem team| vom team| vom support)?",
);

const FRENCH_PERSON = either(
  "un (?:etre )?humain",
  "une (?:vraie )?personne(?: reelle)?",
  "un conseiller",
  "une conseillere",
  "un agent",
  "quelqu'un(?: de l'equipe)?",
  "un operateur",
  "une operatrice",
  "un employe",
  "une employee",
);

const PORTUGUESE_PERSON = either(
  "uma pessoa(?: de verdade| real)?",
  "um (?:ser )?humano",
  "um atendente",
  "uma atendente",
  "alguem(?: da equipe)?",
  "um agente",
  "um operador",
  "uma operadora",
  "um representante",
  "um funcionario",
  "uma funcionaria",
);

const ITALIAN_PERSON = either(
  "una persona(?: vera| reale)?",
  "un operatore",
  "un'operatrice",
  "un (?:essere )?umano",
  "qualcuno(?: del team)?",
  "un agente",
  "un consulente",
  "una consulente",
  "un addetto",
  "un'addetta",
);

const DUTCH_PERSON = either(
  "een medewerker",
  "een medewerkster",
  "een (?:echt )?mens",
  "een (?:echte )?persoon",
  "iemand(?: van (?:het|jullie) team)?",
  "een klantenservicemedewerker",
);

const JAPANESE_PERSON = either(
  "人",
  "人間",
  "担当者",
  "担当の(?:方|人)",
  "オペレーター",
  "スタッフ(?:の方)?",
  "係の(?:方|人)",
  "サポート(?:の人|担当者)",
);

const JAPANESE_ENDING = "(?:です|んです|のですが|ください|下さい|もらえますか|いただけますか)?";

export const PERSON_REQUEST_GRAMMAR: Readonly<Record<Language, readonly string[]>> = {
  en: [
    `${either("(?:i want|i wanna|i'd like|i would like|i need|i'd prefer|i would prefer) to ", "(?:can|could|may) i (?:please )?", "let me ", "")}${either("talk", "speak", "chat")} (?:to|with) ${ENGLISH_PERSON}(?: now| instead)?`,
    `(?:(?:can|could) you (?:please )?)?${either("get me", "connect me (?:to|with)", "transfer me to", "put me through to")} ${ENGLISH_PERSON}`,
    `${either("i want", "i need", "i'd like", "i would like", "(?:can|could) i (?:get|have)")} ${ENGLISH_PERSON}`,
    "(?:a )?(?:real )?(?:person|human|agent|representative)",
  ],
  es: [
    `(?:${either("(?:yo )?(?:quiero|quisiera|necesito|prefiero|me gustaria)", "puedo", "podria", "dejame")} )?hablar con ${SPANISH_PERSON}(?: ahora)?`,
    `${either("pasame", "pasenme", "paseme", "comunicame", "ponme")} con ${SPANISH_PERSON}`,
    `(?:quiero|necesito) ${SPANISH_PERSON}`,
    "(?:una )?persona(?: real)?|(?:un )?humano|(?:un )?agente",
  ],
  de: [
    `(?:${either("ich (?:mochte|will|wurde|muss)", "(?:kann|konnte|darf) ich")} )?(?:(?:gerne|gern|lieber|bitte) )?mit ${GERMAN_PERSON_DATIVE} ${either("sprechen", "reden")}`,
    `${either("ich (?:mochte|will|wurde|muss)", "(?:kann|konnte|darf) ich")} (?:(?:gerne|gern|lieber|bitte) )?${GERMAN_PERSON_ACCUSATIVE} sprechen`,
    `${either("verbinden sie mich", "verbinde mich", "(?:kannst du|konnen sie) mich")} mit ${GERMAN_PERSON_DATIVE}(?: verbinden)?`,
    "(?:ein )?(?:echter )?mensch|(?:einen )?mitarbeiter",
  ],
  fr: [
    `(?:${either("je (?:veux|voudrais|souhaite|souhaiterais|dois|prefere|prefererais)", "(?:est-ce que )?je peux", "puis-je", "pourrais-je", "j'aimerais", "laissez-moi")} )?parler (?:a|avec) ${FRENCH_PERSON}(?: maintenant)?`,
    `${either("passez-moi", "mettez-moi en (?:relation|contact) avec")} ${FRENCH_PERSON}`,
    "(?:un )?humain|(?:un )?conseiller|(?:un )?agent",
  ],
  pt: [
    `(?:${either("(?:eu )?(?:quero|queria|gostaria de|preciso|prefiro)", "posso", "poderia", "me deixe", "deixe-me")} )?falar com ${PORTUGUESE_PERSON}(?: agora)?`,
    `${either("me passa para", "me passe para", "me transfira para", "me coloque em contato com")} ${PORTUGUESE_PERSON}`,
    "(?:um )?atendente|(?:um )?humano|(?:uma )?pessoa(?: de verdade)?",
  ],
  it: [
    `(?:${either("(?:io )?(?:voglio|vorrei|devo|preferisco|preferirei)", "posso", "potrei", "fammi", "mi faccia")} )?parlare con ${ITALIAN_PERSON}(?: adesso| ora| subito)?`,
    `${either("passami", "mi passi", "mettimi in contatto con", "mi metta in contatto con")} ${ITALIAN_PERSON}`,
    "(?:un )?operatore|(?:una )?persona(?: vera)?|(?:un )?umano",
  ],
  nl: [
    `(?:${either("ik wil", "ik zou", "kan ik", "mag ik")} )?(?:graag |liever )?(?:met )?${DUTCH_PERSON} ${either("spreken", "praten")}`,
    `${either("verbind me", "verbind mij", "kunt u mij", "kun je me")} (?:door )?met ${DUTCH_PERSON}(?: doorverbinden)?`,
    "(?:een )?medewerker|(?:een )?(?:echt )?mens",
  ],
  ja: [
    `(?:私は|わたしは)?${JAPANESE_PERSON}(?:と|に)${either("話したい", "話がしたい", "話させて", "話せますか", "代わって", "かわって", "替わって", "つないで", "繋いで", "相談したい")}${JAPANESE_ENDING}`,
    `${JAPANESE_PERSON}(?:を|に)?(?:お願いします|おねがいします)`,
    "担当者|オペレーター|人間",
  ],
};

/** Courtesy words a request may start or end with ("please", "por favor"), in any language. */
export const COURTESY_WORDS: readonly string[] = [
  "please",
  "por favor",
  "bitte",
  "s'il vous plait",
  "svp",
  "per favore",
  "alsjeblieft",
  "alstublieft",
  "graag",
];
