import { AMOUNT, ITEM } from "../classify-message-lexicon";
import { buildLexicon } from "./build-lexicon";

/*
 * German. A clause that opens with its verb asks ("ist das alles?", "kann ich…"), except the
 * short statements "ist gut", "ist ok", which answer.
 */
export const GERMAN = buildLexicon({
  language: "de",
  yesWords: `
    ja, jawohl, jep, jo, jup, klar, na klar, ok, okay, okey, alles klar, in ordnung,
    einverstanden, gerne, gern, sicher, natürlich, selbstverständlich, genau, passt, perfekt,
    korrekt, richtig, abgemacht, geht klar, bestätigt, akzeptiert
  `,
  courtesy: `
    bitte, bitte schön, danke, danke schön, dankeschön, vielen dank, vielen lieben dank,
    danke sehr, herzlichen dank, super, toll, prima, klasse, schön, wunderbar, gut, hallo, hi,
    hey, guten tag, guten morgen, guten abend, moin, servus, verstanden, dann,
    schönen tag noch, einen schönen tag, danke für die hilfe, danke für deine hilfe,
    vielen dank für die hilfe, vielen dank für deine hilfe
  `,
  object: (named) =>
    `(?:es|das|dies|(?:die|der|meine|meiner|diese|dieser) (?:erstattung|rückerstattung|rueckerstattung|rückzahlung|gutschrift)|(?:das|dein|dieses) angebot|${named}|(?:die|meine|diese) (?:erstattung|rückerstattung) (?:für|fuer|von) (?:die |den |das )?${named})`,
  affirming: (object, yes) => [
    `(?:mach|mache|macht) (?:es|das)(?: so)?`,
    `(?:leg los|los geht's|los gehts|nur zu|(?:bitte )?fortfahren|fahr fort|fahre fort)(?: mit ${object})?`,
    `(?:führ|führe|fuehr) (?:es|das|${object}) durch`,
    `(?:ich )?(?:bestätige|bestaetige|akzeptiere)(?: ${object}| das angebot)?`,
    `(?:bestätige|bestaetige) ${object}`,
    `(?:ich )?nehme (?:es|das|das angebot|${object}) an`,
    `erstatte (?:es|${object})`,
    `(?:ich bin|wir sind) einverstanden(?: mit ${object})?`,
    `(?:das |es )?(?:passt|klingt gut|klingt super|klingt perfekt|hört sich gut an|hoert sich gut an|ist gut|ist in ordnung|ist ok|ist okay|ist perfekt|ist richtig|geht klar|ist mir recht|passt mir)(?: für mich| so)?`,
    `machen wir (?:es |das )?so`,
    `(?:ich möchte|ich moechte|ich will|ich würde gerne|wir möchten) (?:fortfahren|die erstattung|bestätigen|${object} bestätigen|das angebot annehmen)`,
    `${yes}(?: bitte)? (?:für|zu|zur) ${object}`,
    `${AMOUNT} (?:passt|ist (?:gut|ok|okay|in ordnung|perfekt)|klingt gut)(?: für mich)?`,
  ],
  resuming: (object) => [
    `(?:lass uns |lasst uns )?(?:weiter|weitermachen|fortsetzen)(?: mit ${object})?`,
    `(?:mach weiter|weiter geht's|weiter gehts|machen wir weiter|fahren wir fort)(?: mit ${object})?`,
    `zurück zu ${object}`,
  ],
  and: / und (?:dann )?/,
  decline: {
    openers: `
      hmm, hm, äh, ähm, also, naja, na ja, nun, tja, sorry, entschuldigung, ok, okay, gut, ach,
      eigentlich, bei näherer überlegung, wenn ich es mir recht überlege
    `,
    negations: "nein, nö, noe, nee, ne, nope",
    dismissals: (object) => {
      const kept = `(?:es|sie|ihn|das|die|beide|alle|alles|${ITEM}(?: und ${ITEM})*|(?:den|die|das) (?:artikel|produkt|produkte|bestellung))`;
      return [
        `(?:nein|nö|nee) danke`,
        `danke nein`,
        `(?:lieber nicht|besser nicht|auf keinen fall|keinesfalls|niemals|nie|sicher nicht|bestimmt nicht|natürlich nicht|doch nicht)`,
        `(?:ich habe |ich hab )?kein interesse(?: mehr)?`,
        `(?:vergiss es|vergessen sie es|lass es|lass (?:es |das )?(?:sein|bleiben))`,
        `(?:ich )?lehne (?:${object} |das angebot )?ab`,
        `(?:ich )?(?:möchte|moechte|will) (?:${object} |die erstattung |das )?nicht(?: mehr)?(?: zurückgeben| zurueckgeben| fortfahren)?`,
        `(?:ich )?(?:möchte|moechte|will|brauche) keine (?:erstattung|rückerstattung|gutschrift)(?: mehr)?`,
        `(?:bitte )?nicht (?:fortfahren|machen|erstatten|bestätigen|weitermachen)`,
        `(?:bitte )?(?:abbrechen|stopp)`,
        `(?:ich )?(?:habe|hab|hab's|habs) (?:es mir |mir das |mir's |mir )?anders überlegt`,
        `(?:ich )?(?:behalte|behalt) ${kept}(?: doch| lieber| einfach| dann)*`,
        `(?:ich werde|ich möchte|ich moechte|ich will|ich würde) ${kept} (?:doch |lieber |einfach )*behalten`,
      ];
    },
    tails: "doch, lieber, danke, dann, bitte, trotzdem, jetzt, einfach",
    remarkStart: `(?:es|das|die|der|sie|er|ist|sind|mir|ich bin|ich finde|zu|viel zu|nicht|${ITEM}) `,
    aboutTheRequest: `
      behalten, behalte, erstattung, rückerstattung, erstatten, zurückgeben, zurück, umtauschen,
      umtausch, ersatz, stattdessen, lieber, möchte, will, brauche, bitte, du, dir, abbrechen,
      stornieren
    `,
    weakAcks: "ok, okay, gut, schon gut, alles klar, in ordnung, ist ok, ist gut, passt, ok dann",
    strongYes: `
      ja, jawohl, klar, gerne, einverstanden, bestätige, akzeptiere, mach es, mach das, los,
      fortfahren, natürlich, selbstverständlich, genau, perfekt
    `,
    negated: "nicht, nein, kein, keine, keinen, nie, niemals, nö, nee",
  },
  conditions: `
    wenn, falls, sofern, solange, aber, außer, ausser, nur, jedoch, allerdings, obwohl,
    vorausgesetzt, unter der bedingung, es sei denn, vielleicht, eventuell, evtl,
    wahrscheinlich, möglicherweise, ich glaube, ich denke, ich schätze, glaube ich, denke ich,
    schätze ich, keine ahnung, weiß nicht, weiss nicht, nicht sicher, unsicher, irgendwie,
    sozusagen, hmm, hm, äh, ähm, ehm, mal sehen, naja, na ja, sobald, bis, erst, doch,
    trotzdem, oder
  `,
  sarcasm: `
    ja klar, ja ja, jaja, ja genau, klar doch, haha, hahaha, hehe, lol, witzig, sehr witzig,
    als ob, träum weiter, schon klar
  `,
  questionWords: `
    was, warum, wieso, weshalb, wie, wann, wo, wer, welche, welcher, welches, welchen, wieviel,
    wie viel, wie lange, frage mich, ich frage mich, neugierig
  `,
  questionShape:
    "^(?:(?:ja|ok|okay|und|aber|also|hallo|gut|dann) )*(?:ist(?! (?:gut|ok|okay|in ordnung|perfekt|richtig)$)|sind|kann|können|koennen|könnte|könntest|kannst|muss|musst|soll|sollte|wird|werde|wirst|bekomme|bekommt|kriege|kriegt|gibt es|gibt's|habe ich|hab ich|hast du|haben sie|dauert|kostet|geht das|geht es|darf|bin ich)(?: |$)",
  notAQuestion: "(?:^| )(?:warum nicht|wieso nicht)(?: |$)",
  infoOrHold: `
    warte, warten, moment, einen moment, kurz, sekunde, eine sekunde, augenblick,
    einen augenblick, gleich, später, spaeter, noch nicht, jetzt nicht, nicht jetzt,
    lass mich überlegen, lass mich nachdenken, lass mich schauen, überlegen, nachdenken,
    nachsehen, erklär, erkläre, erklären, sag mir, sagen sie mir, mehr infos,
    mehr informationen, informationen, details, frage, eine frage, kurze frage,
    ich möchte wissen, ich will wissen, wissen, vorher, zuerst, erst mal, erstmal, pause
  `,
  requestAsQuestion:
    "^(?:bitte )?(?:kannst du|können sie|koennen sie|könntest du|könnten sie|würdest du|würden sie) (?:bitte )?(?:fortfahren|weitermachen|das machen|es machen|erstatten|bestätigen|durchführen)",
  switchPhrase: (slots) =>
    `(?:^| )(?:stattdessen|statt|anstatt|anstelle|lieber (?:den|die|das|meinen|meine|mein)|(?:ändere|änder|ändern) (?:es |das )?(?:auf|zu|in)|tausch|tausche|ich meinte|ich meine|vergiss (?:den|die|das|meinen|meine|mein|${slots})|nicht (?:den|die|das|meinen|meine|mein|${slots}))(?: |$)`,
  negatedSwitch:
    "(?:^| )(?:nicht|nie|kein) (?:\\S+ )?(?:ändern|tauschen|wechseln|meinte|meine)(?: |$)",
  dropping: "nicht, vergiss, statt, anstatt, außer, ausser, ohne, als",
  determiners: `
    der, die, das, den, dem, des, ein, eine, einen, einem, mein, meine, meinen, meinem, dein,
    deine, dieser, diese, diesen, dieses, unser, unsere
  `,
  notAThing: `
    erstattung, rückerstattung, geld, betrag, summe, angebot, gebühr, gebühren, versand,
    versandkosten, richtlinie, karte, konto, bank, kredit, zahlung, methode, preis, gesamt,
    rücksendung, retoure, etikett, adresse, sache, sachen, zeit, tag, woche, monat, option,
    idee, anfrage, bestellung, artikel, produkt, kauf, andere, anderen, anderes, gleiche,
    gleichen, ganze, ganzen, rest, antwort, frage, email, e-mail, mail, quittung, beleg, grund,
    laden, shop, größe, farbe, umtausch, gutschein, rabatt, moment, hilfe, problem
  `,
  stopwords: `
    ist, war, sind, waren, ich, du, wir, sie, er, es, und, oder, aber, zu, für, von, mit,
    bitte, danke, auch, sehr, nur, so, mal, doch, will, möchte, behalte
  `,
  otherThing:
    "(?:^| )(?:andere|anderen|anderer|anderes|zweite|zweiten) (?:bestellung|artikel|produkt|sache|teil)(?:e|en|s)?(?: |$)",
  itemDeterminers: "die|den|das|der|dem|meine|meinen|mein|meinem|diese|diesen|dieses|dieser",
  authority: `
    genehmigt, genehmige, genehmigung, freigegeben, freigabe, autorisiert, autorisierung,
    manager, managerin, chef, chefin, vorgesetzter, vorgesetzte, supervisor, admin,
    administrator, system, assistent, entwickler, ignoriere, ignorieren, anweisung,
    anweisungen, modus, werkzeug, berechtigung, bereits bestätigt, schon bestätigt,
    schon ja gesagt, im namen, kollege, kollegin, mitarbeiter, benutzer, ausführen
  `,
  typoTargets: "einverstanden, bestätige, fortfahren, perfekt",
  notTypos: "bestätigt, bestätigen",
});
