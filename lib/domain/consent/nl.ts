import { AMOUNT, ITEM } from "../classify-message-lexicon";
import { buildLexicon } from "./build-lexicon";

/*
 * Dutch. A clause that opens with its verb asks ("kan ik…", "duurt het lang"). "Is goed" is
 * left out of the yes shapes: to the English grammar, which also reads every non-English yes,
 * "is …" opens a question, so it would never confirm; "dat is goed" does.
 */
export const DUTCH = buildLexicon({
  language: "nl",
  yesWords: `
    ja, jawel, jazeker, jep, jup, ok, oké, oke, okay, okee, prima, goed, zeker, natuurlijk,
    uiteraard, akkoord, afgesproken, in orde, klopt, correct, perfect, top, helemaal goed,
    graag, ja graag
  `,
  courtesy: `
    alsjeblieft, alstublieft, aub, dank je, dank je wel, dankjewel, dank u, dank u wel,
    bedankt, super, mooi, fijn, geweldig, hoi, hallo, hey, goedemorgen, goedemiddag,
    goedenavond, duidelijk, begrepen, dan, nog een fijne dag, fijne dag,
    bedankt voor de hulp, dank voor de hulp
  `,
  object: (named) =>
    `(?:het|dat|dit|(?:de|mijn|deze) (?:terugbetaling|restitutie|vergoeding)|(?:het|dit) (?:voorstel|aanbod|bedrag)|${named}|de (?:terugbetaling|restitutie) (?:voor|van) ${named})`,
  affirming: (object, yes) => [
    `(?:ga je gang|ga uw gang|ga maar door|ga door|doe maar|doe het maar|doe het|doen)`,
    `(?:ik )?(?:bevestig|accepteer)(?: ${object}| het aanbod)?`,
    `ik ga akkoord(?: met ${object})?`,
    `(?:ik ben|we zijn) akkoord(?: met ${object})?`,
    `(?:verwerk|regel) ${object}(?: maar)?`,
    `zet (?:het|${object}) (?:maar )?door`,
    `(?:je|u) mag (?:het )?(?:doorzetten|verwerken)`,
    `(?:dat|het) (?:is|lijkt me|klinkt|vind ik) (?:goed|prima|perfect|top|in orde|oké|oke|ok|akkoord)(?: voor mij)?`,
    `(?:klinkt|lijkt me) (?:goed|prima|perfect)`,
    `prima zo`,
    `(?:ik wil|ik wil graag|ik zou graag) (?:doorgaan|de terugbetaling|bevestigen|${object} bevestigen)`,
    `${yes}(?: graag)? (?:voor|met) ${object}`,
    `${AMOUNT} (?:is|lijkt me|klinkt) (?:goed|prima|perfect|oké|oke|ok)`,
  ],
  resuming: (object) => [
    `(?:laten we )?(?:verder gaan|doorgaan|verdergaan)(?: met ${object})?`,
    `(?:ga|gaan) (?:we )?verder(?: met ${object})?`,
    `terug naar ${object}`,
  ],
  and: / en (?:dan )?/,
  decline: {
    openers: `
      hmm, hm, eh, uhm, nou, tja, ach, eigenlijk, sorry, oké, ok, goed, bij nader inzien,
      nu ik erover nadenk, weet je wat
    `,
    negations: "nee, neen, nope, nah",
    dismissals: (object) => {
      const kept = `(?:het|ze|hem|dat|alles|allebei|beide|${ITEM}(?: en ${ITEM})*|(?:het|de) (?:artikel|artikelen|product|producten))`;
      return [
        `nee (?:dank je|dank je wel|dank u|dank u wel|bedankt|hoor)`,
        `(?:liever niet|beter niet|zeker niet|absoluut niet|echt niet|geen sprake van|nooit)`,
        `(?:ik heb )?geen interesse(?: meer)?`,
        `(?:ik )?(?:wil|hoef) (?:het |ze |dat |de terugbetaling |de restitutie )?niet(?: meer)?(?: terugsturen| retourneren| doorgaan)?`,
        `(?:ik )?(?:wil|hoef) geen (?:terugbetaling|restitutie|vergoeding)(?: meer)?`,
        `(?:niet doen|doe maar niet|doe het (?:maar )?niet|ga (?:maar )?niet door)`,
        `(?:laat maar(?: zitten)?|vergeet het(?: maar)?|laat (?:het|dat) maar)`,
        `(?:annuleer|stop)(?: ${object})?`,
        `(?:ik )?(?:ben|heb) van gedachten veranderd`,
        `ik bedenk me`,
        `(?:ik )?(?:weiger|wijs (?:${object}|het aanbod) af)`,
        `(?:ik )?ga niet akkoord`,
        `(?:ik )?(?:houd|hou) ${kept}(?: toch| maar| liever| gewoon| zelf)*`,
        `(?:ik )?(?:wil|ga|zal) ${kept} (?:toch |liever |maar |gewoon )*houden`,
      ];
    },
    tails:
      "toch, maar, dan, dank je, bedankt, dank je wel, alsnog, gewoon, liever, hoor, alsjeblieft",
    remarkStart: `(?:het|ze|dat|dit|die|de|mijn|ik ben|ik vind|te|veel te|niet|${ITEM}) `,
    aboutTheRequest: `
      houden, hou, houd, terugbetaling, restitutie, terugbetalen, terugsturen, retour,
      retourneren, ruilen, vervangen, vervanging, liever, in plaats, wil, nodig, alsjeblieft,
      jij, je, u, annuleren
    `,
    weakAcks: "ok, oké, oke, goed, prima, is goed, dat is goed, begrepen, duidelijk, ok dan",
    strongYes: `
      ja, ja graag, graag, ga je gang, doe maar, akkoord, bevestig, accepteer, prima, zeker,
      natuurlijk
    `,
    negated: "niet, nee, geen, nooit, niks, niets",
  },
  conditions: `
    als, indien, mits, tenzij, behalve, alleen, enkel, slechts, zolang, wanneer, zodra,
    totdat, hoewel, ofschoon, misschien, wellicht, waarschijnlijk, mogelijk, denk ik, ik denk,
    ik geloof, geloof ik, volgens mij, weet niet, geen idee, niet zeker, twijfel, hmm, hm, uhm,
    eh, tja, toch, of
  `,
  // "Maar" is "but" where it opens a clause or follows a yes, a softener elsewhere ("doe maar").
  conditionShapes: "^maar |(?:^| )(?:ja|ok|oké|oke|prima|akkoord|goed|graag) maar(?: |$)",
  sarcasm:
    "ja hoor, ja ja, jaja, ja vast, vast wel, tuurlijk joh, haha, hahaha, lol, grappig, heel grappig, alsof",
  questionWords: `
    wat, waarom, hoe, wanneer, waar, wie, welke, welk, hoeveel, hoelang, vraag me af,
    benieuwd
  `,
  questionShape:
    "^(?:(?:ja|ok|oké|en|maar|dus|hoi|goed) )*(?:is|zijn|kan|kun|kunnen|kunt|mag|moet|moeten|zal|zou|wordt|word|krijg|heb|hebben|heeft|duurt|kost|gaat|komt|ben)(?: |$)",
  notAQuestion: "(?:^| )waarom niet(?: |$)",
  infoOrHold: `
    wacht, wacht even, momentje, moment, even wachten, een moment, een seconde, een minuut,
    seconde, ik denk erover na, erover nadenken, nadenken, laat me nadenken, ik moet nadenken,
    nog niet, nu niet, niet nu, later, straks, uitleg, leg uit, leg eens uit, vertel,
    vertel me, meer info, meer informatie, details, informatie, vraag, een vraag,
    ik wil weten, ik zou graag weten, weten, eerst, voordat, pauze
  `,
  requestAsQuestion:
    "^(?:kun|kan|kunt|zou) (?:je|jij|u) (?:het |dat )?(?:alsjeblieft |aub )?(?:doorzetten|verwerken|doorgaan|bevestigen|terugbetalen|regelen|doen)",
  switchPhrase: (slots) =>
    `(?:^| )(?:in plaats|liever (?:de|het|mijn)|verander (?:het |dat )?(?:naar|in)|wissel|ruil (?:het |dat )?(?:voor|met)|ik bedoelde|ik bedoel|vergeet (?:de|het|mijn|${slots})|niet (?:de|het|mijn|${slots}))(?: |$)`,
  negatedSwitch:
    "(?:^| )(?:niet|nooit|geen) (?:\\S+ )?(?:veranderen|wisselen|ruilen|bedoelde|bedoel)(?: |$)",
  dropping: "niet, vergeet, behalve, dan, zonder, plaats, van",
  determiners: "de, het, een, mijn, jouw, uw, deze, die, dit, dat, onze, ons",
  notAThing: `
    terugbetaling, restitutie, vergoeding, geld, bedrag, totaal, prijs, kosten, verzending,
    verzendkosten, beleid, kaart, rekening, bank, betaling, methode, retour, retourlabel,
    label, adres, ding, dingen, tijd, dag, week, maand, optie, idee, verzoek, bestelling,
    artikel, product, aankoop, andere, ander, zelfde, hele, rest, keer, moment, antwoord,
    vraag, mail, e-mail, bon, reden, winkel, maat, kleur, ruil, voucher, kortingscode, korting,
    hulp, aanbod, voorstel
  `,
  stopwords: `
    is, was, zijn, waren, ik, jij, je, we, wij, zij, ze, hij, en, of, maar, te, voor, van, met,
    in, op, aan, alsjeblieft, bedankt, ook, heel, erg, echt, gewoon, wil, kan, mag, lijkt,
    klinkt
  `,
  otherThing:
    "(?:^| )(?:andere|ander|tweede) (?:bestelling|artikel|product|aankoop|ding)(?:en)?(?: |$)|(?:^| )(?:de|het) andere(?: |$)",
  itemDeterminers: "de|het|mijn|deze|die|dit|dat",
  authority: `
    goedgekeurd, goedkeuring, keur goed, geautoriseerd, autorisatie, manager, leidinggevende,
    baas, chef, supervisor, beheerder, admin, systeem, assistent, ontwikkelaar, negeer,
    negeren, instructie, instructies, modus, tool, toestemming, al bevestigd, al ja gezegd,
    namens, collega, medewerker, gebruiker, uitvoeren, voer uit
  `,
  typoTargets: "akkoord, alsjeblieft, bedankt",
  notTypos: "",
});
