/*
 * The few words the offline agent reads to choose what to ask, in every supported language. They
 * decide only which question comes next (which item, or the policy tool): never money, which
 * only the tools and the customer's confirmation of an exact quote can move.
 */

// Asking to send something back or for money back: "devolver", "zurückgeben", "返品"…
const RETURN_WORDS =
  /(?:return|refund|\b(?:devol\w*|reembols\w*|r[üu]ck(?:gabe|sendung|erstattung)\w*|zur[üu]ck(?:geben|schicken|senden)|erstatt\w*|umtausch\w*|retour\w*|retourn\w*|rembours\w*|renvo\w*|reso|resi|restitu\w*|rimbors\w*|terugbetal\w*|terugstur\w*|terug\s?sturen)\b)|返品|返金|返送/iu;

// A question about the rules: "¿Cuál es vuestra política…?", "Wie lange habe ich…?", "何日…？"
const POLICY_WORDS =
  /\b(?:polic(?:y|ies)|window|how long|how many days|fees?|final.sale|rules?|pol[íi]tica|plazo|cu[áa]ntos d[íi]as|cu[áa]nto tiempo|richtlinien?|frist|wie lange|wie viele tage|geb[üu]hr\w*|politique|d[ée]lai|combien de (?:jours|temps)|frais|prazo|quantos dias|quanto tempo|taxas?|politica|termine|quanti giorni|quanto tempo|commissioni|beleid|termijn|hoe lang|hoeveel dagen|kosten)\b|ポリシー|規定|規約|期限|何日|いつまで|手数料/iu;

export function mentionsReturn(text: string): boolean {
  return RETURN_WORDS.test(text);
}

export function isPolicyQuestion(text: string): boolean {
  return /[?？]/.test(text) && POLICY_WORDS.test(text);
}
