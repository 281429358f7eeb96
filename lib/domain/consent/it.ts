import { AMOUNT, ITEM } from "../classify-message-lexicon";
import { buildLexicon } from "./build-lexicon";

/*
 * Italian. Unaccented "si" is also the reflexive pronoun ("si può"): it says yes only as a
 * clause of its own ("si, grazie"); anywhere else it keeps the message from being a yes. A
 * question is written like a statement, so "puoi procedere" (without "?") asks, not agrees.
 */
export const ITALIAN = buildLexicon({
  language: "it",
  yesWords: `
    sì, si, certo, certamente, ok, okay, va bene, d'accordo, daccordo, perfetto, esatto,
    giusto, assolutamente, sicuro, senz'altro, volentieri, confermato, accettato, ovviamente
  `,
  courtesy: `
    per favore, per piacere, grazie, grazie mille, molte grazie, grazie tante, ti ringrazio,
    ottimo, benissimo, bene, fantastico, splendido, super, ciao, salve, buongiorno, buonasera,
    capito, allora, grazie per l'aiuto, buona giornata
  `,
  object: (named) =>
    `(?:lo|questo|quello|(?:il|mio|questo) rimborso|${named}|il rimborso (?:di|del|della|dei|delle|per) (?:la |il |i |le )?${named})`,
  affirming: (object, yes) => [
    `(?:procedi|proceda|vai pure|vai avanti|avanti|andiamo avanti|fallo|fai pure)(?: pure)?(?: con ${object})?`,
    `(?:conferma|confermo|accetto|rimborsa)(?: ${object}| l'offerta)?`,
    `(?:confermalo|lo confermo|lo accetto|rimborsalo)`,
    `(?:sono|siamo) d'accordo(?: con ${object})?`,
    `(?:per me )?(?:va|è|e) (?:bene|benissimo|perfetto|ok|giusto)`,
    `(?:mi |ci )?(?:sta bene|va bene|sembra giusto|sembra perfetto|sembra ottimo|sta benissimo)`,
    `(?:voglio|vorrei|desidero) (?:procedere|andare avanti|confermare|accettare|il rimborso)(?: con ${object})?`,
    `${yes}(?: grazie)? (?:per|a) ${object}`,
    `${AMOUNT} (?:va|sta|mi va|mi sta|è|e) (?:bene|benissimo|perfetto|ok)`,
  ],
  resuming: (object) => [
    `(?:continua|continuiamo|continuate|riprendiamo|riprendi)(?: con ${object})?`,
    `(?:possiamo |vorrei )?(?:continuare|riprendere)(?: con ${object})?`,
    `torniamo (?:a|al) ${object}`,
  ],
  and: / e (?:poi )?/,
  decline: {
    openers: `
      mmm, mm, hmm, ehm, beh, allora, ok, scusa, scusi, scusate, sinceramente, in realtà,
      in realta, ripensandoci, a pensarci bene, pensandoci bene, alla fine
    `,
    negations: "no, nah, nope",
    dismissals: (object) => {
      const kept = `(?:${ITEM}(?: e ${ITEM})*|tutto|entrambi|entrambe|tutti e due|tutte e due|l'articolo|gli articoli|il prodotto|i prodotti)`;
      return [
        `(?:no grazie|grazie no|meglio di no|meglio no|preferisco di no|preferisco no)`,
        `(?:assolutamente no|per niente|nemmeno per sogno|neanche per sogno|non se ne parla|certo che no|mai)`,
        `(?:non mi interessa|non sono interessato|non sono interessata)(?: più| piu)?`,
        `non (?:lo |la |li |le )?voglio(?: ${object}| il rimborso| più| piu| restituire| procedere| continuare)?`,
        `(?:per favore )?non (?:procedere|farlo|continuare|confermare)`,
        `(?:lascia stare|lasciamo stare|lascia perdere|lasciamo perdere|dimentica|dimenticalo|annulla|annullalo)`,
        `(?:ho )?cambiato idea`,
        `(?:rifiuto|non accetto)(?: ${object}| l'offerta)?`,
        `passo`,
        `(?:me |mi )?(?:li|lo|la|le) tengo`,
        `(?:preferisco|ho deciso di|decido di|voglio|vorrei) tener(?:li|lo|la|le)`,
        `(?:tengo|terrò|terro) ${kept}`,
        `(?:preferisco|ho deciso di|voglio|vorrei) tenere ${kept}`,
      ];
    },
    tails: "alla fine, dopotutto, allora, grazie, grazie lo stesso, comunque, per favore",
    remarkStart: `(?:è|sono|sta|questo|questa|quello|quella|il|la|lo|i|le|gli|mio|mia|miei|mie|troppo|non|${ITEM}) `,
    aboutTheRequest: `
      tenere, tengo, rimborso, rimborsare, reso, restituire, cambio, cambiare, sostituire,
      invece, voglio, vorrei, ho bisogno, per favore, tu, lei, annullare
    `,
    weakAcks: "ok, okay, va bene, d'accordo, capito, bene, va bene così",
    strongYes: `
      sì, certo, procedi, confermo, accetto, d'accordo, perfetto, va bene, avanti, vai avanti,
      volentieri
    `,
    negated: "non, no, mai, né, neanche, nemmeno, niente, nessun, nessuno, nessuna",
  },
  conditions: `
    se, ma, però, pero, tuttavia, purché, purche, a patto, a condizione, a meno, tranne,
    eccetto, salvo, solo, soltanto, solamente, quando, appena, forse, magari, probabilmente,
    credo, penso, suppongo, immagino, non so, boh, non sono sicuro, non sono sicura, mah, mmm,
    hmm, ehm, dipende, sebbene, anche se, nonostante, mentre, finché, finche
  `,
  conditionShapes: "^(?!si$)(?:.* )?si(?: |$)",
  sarcasm:
    "come no, ma certo, sì sì, seee, ahah, ahahah, haha, lol, xd, figurati, ma dai, sarcasmo",
  questionWords: `
    cosa, che cosa, perché, perche, come, quando, dove, quale, quali, quanto, quanta, quanti,
    quante, chi, mi chiedo, curioso, curiosa, dubbio
  `,
  questionShape:
    "^(?:(?:sì|si|ok|e|ma|allora|quindi|ciao) )*(?:posso|puoi|può|puo|potete|potrei|potresti|devo|dovrei|c'è|ci sono|è possibile|e possibile|serve|bisogna|ci vuole|arriva|arriverà|riceverò|ricevero|costa|include)(?: |$)",
  notAQuestion: "(?:^| )(?:perché no|perche no)(?: |$)",
  infoOrHold: `
    aspetta, aspetti, un attimo, un momento, un secondo, un minuto, attimo, fammi pensare,
    ci penso, ci devo pensare, devo pensarci, pensarci, non ancora, non ora, non adesso,
    più tardi, piu tardi, dopo, spiegami, spiega, mi spieghi, dimmi, mi dica,
    più informazioni, più dettagli, dettagli, informazioni, domanda, una domanda,
    vorrei sapere, voglio sapere, prima di, prima, pausa
  `,
  requestAsQuestion:
    "^(?:per favore )?(?:puoi|può|puo|potete|potresti|potrebbe|mi puoi) (?:per favore )?(?:procedere|andare avanti|continuare|confermare|farlo|rimborsare)",
  switchPhrase: (slots) =>
    `(?:^| )(?:invece|al posto|piuttosto|cambia (?:in|con)|cambialo (?:in|con)|sostituisci con|intendevo|volevo dire|voglio dire|dimentica (?:il|la|lo|i|gli|le|mio|mia|${slots})|non (?:il|la|lo|i|gli|le|mio|mia|${slots}))(?: |$)`,
  negatedSwitch: "(?:^| )(?:non|mai) (?:\\S+ )?(?:voglio|cambiare|sostituire|intendevo)(?: |$)",
  dropping: "non, dimentica, di, tranne, eccetto, che, posto",
  determiners: `
    il, lo, la, i, gli, le, un, uno, una, mio, mia, miei, mie, questo, questa, questi, queste,
    quel, quello, quella, tuo, tua, suo, sua, del, della, dei
  `,
  notAThing: `
    rimborso, soldi, denaro, importo, totale, prezzo, commissione, spedizione, politica, carta,
    conto, banca, credito, pagamento, metodo, reso, etichetta, indirizzo, cosa, cose, tempo,
    giorno, settimana, mese, opzione, idea, richiesta, ordine, articolo, prodotto, acquisto,
    altro, altra, stesso, stessa, resto, volta, momento, risposta, domanda, email, ricevuta,
    motivo, negozio, taglia, colore, cambio, buono, sconto, aiuto, offerta
  `,
  stopwords: `
    è, e, era, sono, io, tu, lui, lei, noi, voi, ma, o, a, di, in, con, per, che, grazie,
    anche, molto, solo, voglio, tengo
  `,
  otherThing:
    "(?:^| )(?:altro|altra|altri|altre|diverso|diversa|secondo|seconda) (?:ordine|articolo|prodotto|acquisto|cosa)(?: |$)|(?:^| )(?:l'altro|l'altra|gli altri|le altre)(?: |$)",
  itemDeterminers:
    "il|lo|la|i|gli|le|mio|mia|miei|mie|questo|questa|questi|queste|quel|quello|quella",
  authority: `
    approvato, approvata, approvo, approvazione, autorizzato, autorizzata, autorizzo,
    autorizzazione, responsabile, manager, capo, supervisore, direttore, amministratore, admin,
    sistema, assistente, sviluppatore, ignora, ignorare, istruzione, istruzioni, modalità,
    strumento, permesso, già confermato, ho già detto sì, a nome, collega, personale, utente,
    esegui, eseguire
  `,
  typoTargets: "perfetto, procedi",
  notTypos: "procede",
});
