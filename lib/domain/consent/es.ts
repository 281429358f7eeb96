import { AMOUNT, ITEM } from "../classify-message-lexicon";
import { buildLexicon } from "./build-lexicon";

/*
 * Spanish. Unaccented spellings are read too ("esta bien", "olvidalo"), except "si": with its
 * accent it says yes, without it it is also "if", so a bare "si" says yes only as a clause of
 * its own ("si, adelante") and anywhere else it is a condition ("si me lo confirmas").
 */
export const SPANISH = buildLexicon({
  language: "es",
  yesWords: `
    sí, si, claro, claro que sí, vale, de acuerdo, ok, okey, okay, dale, venga,
    perfecto, correcto, por supuesto, desde luego, exacto, conforme, aceptado, confirmado
  `,
  courtesy: `
    por favor, porfa, porfavor, gracias, muchas gracias, mil gracias, muchísimas gracias,
    te lo agradezco, se agradece, genial, estupendo, excelente, muy bien, bien, entendido,
    entonces, hola, buenas, buenos días, buenos dias, buenas tardes, buenas noches, saludos,
    un saludo, que tengas un buen día, que tengas un buen dia, gracias por la ayuda,
    gracias por tu ayuda, muchas gracias por la ayuda, muchas gracias por tu ayuda
  `,
  object: (named) =>
    `(?:lo|eso|esto|(?:el|mi|este|ese) (?:reembolso|reintegro|presupuesto)|(?:la|mi|esta|esa) devolución|(?:la|mi|esta|esa) devolucion|${named}|(?:el|mi|este|ese) reembolso (?:de|del|por|para) ${named}|(?:la|mi|esta) devoluci[óo]n (?:de|del|por|para) ${named})`,
  affirming: (object, yes) => {
    const act = `(?:(?:sigue |sigan )?adelante(?: con ${object})?|procede(?: con ${object})?|proceda(?: con ${object})?|hazlo|dale|procésalo|procesalo|procesa ${object}|confírmalo|confirmalo|confirma ${object}|reembólsalo|reembolsalo|acepto(?: ${object}| la oferta)?|lo acepto|confirmo(?: ${object})?|lo confirmo)`;
    const good = `(?:bien|perfecto|correcto|genial)`;
    return [
      act,
      `(?:quiero|me gustaría|me gustaria|deseo) (?:seguir adelante|proceder|confirmar(?:lo)?|aceptar(?:lo)?|el reembolso)(?: con ${object})?`,
      `(?:estoy|estamos) de acuerdo(?: con ${object})?`,
      `(?:me|nos) (?:parece|parecen) ${good}`,
      `(?:me vale|me sirve|me va bien|me viene bien)`,
      `(?:está|esta|eso está|eso esta|todo está|todo esta) ${good}`,
      `(?:adelante|sí|si) por favor`,
      `${yes}(?: por favor)? (?:para|con|a) ${object}`,
      `${ITEM} está bien para el reembolso`,
      `${AMOUNT} (?:está|esta|me parece|me va) (?:bien|perfecto)`,
      `${AMOUNT} me (?:vale|sirve)`,
    ];
  },
  resuming: (object) => [
    `(?:sigamos|continuemos|seguimos|continuamos|continúa|continua|sigue|retomemos|retomamos)(?: con ${object})?`,
    `(?:vamos a |podemos )?(?:seguir|continuar|retomar)(?: con ${object})?`,
    `volvamos a ${object}`,
  ],
  and: / y /,
  decline: {
    openers: `
      mmm, mm, hmm, eh, bueno, pues, la verdad, lo siento, perdona, perdón, perdon, oye, vale,
      ok, pensándolo bien, pensandolo bien, al final, sabes qué, sabes que, sinceramente
    `,
    negations: "no, nop, nah",
    dismissals: (object) => {
      const kept = `(?:${ITEM}(?: y ${ITEM})*|(?:el|los|la|las) (?:artículo|articulo|artículos|articulos|producto|productos|pedido)|ambos|ambas|los dos|las dos|todo)`;
      return [
        `no (?:muchas )?gracias`,
        `(?:mejor|prefiero) que no`,
        `mejor no`,
        `(?:de ninguna manera|ni hablar|para nada|claro que no|por supuesto que no|en absoluto|nunca)`,
        `(?:ya )?no me interesa`,
        `(?:ya )?no (?:lo |la |los |las )?quiero(?: ${object}| el reembolso| la devolución| la devolucion| devolverlo| devolverlos| seguir(?: adelante)?| continuar)?(?: ya)?`,
        `(?:por favor )?no (?:lo hagas|sigas|continúes|continues|lo proceses|lo tramites|sigas adelante)`,
        `(?:cancela|cancélalo|cancelalo|déjalo|dejalo|olvídalo|olvidalo|olvídate|olvidate|olvida eso)`,
        `(?:he |ya )?(?:cambiado|cambié|cambie) de (?:opinión|opinion|idea)`,
        `me lo he pensado mejor`,
        `(?:rechazo|no acepto)(?: ${object}| la oferta)?`,
        `no estoy de acuerdo`,
        `(?:yo )?paso`,
        `(?:mejor |al final )?me (?:lo|la|los|las) (?:quedo|voy a quedar)`,
        `(?:me voy a|prefiero|he decidido|decidí|decidi|quiero) quedármel[oa]s?`,
        `(?:me voy a|prefiero|he decidido|decidí|decidi|quiero) quedarmel[oa]s?`,
        `(?:mejor |al final )?me quedo con ${kept}`,
      ];
    },
    tails: `
      al final, después de todo, despues de todo, entonces, gracias, muchas gracias, igualmente,
      de todos modos, de todas formas, por favor
    `,
    remarkStart: `(?:es|son|está|están|esta|estan|eso|esto|ese|esa|el|la|los|las|mi|mis|me gusta|me gustan|estoy|muy|demasiado|${ITEM}) `,
    aboutTheRequest: `
      quedar, quedo, quedarme, reembolso, reembolsar, devolución, devolucion, devolver, devuelvo,
      cambio, cambiar, en vez, en lugar, quiero, necesito, por favor, tú, tu, usted, cancelar
    `,
    weakAcks: "vale, ok, okey, bueno, está bien, esta bien, de acuerdo, entendido, vale entonces",
    strongYes: `
      sí, claro, adelante, procede, confirmo, confírmalo, confirmalo, acepto, de acuerdo,
      por supuesto, dale, hazlo, venga, perfecto
    `,
    negated: "no, nunca, tampoco, ni, jamás, jamas, nada",
  },
  conditions: `
    pero, aunque, siempre que, siempre y cuando, con tal de que, a menos que, salvo, excepto,
    menos, solo, sólo, solamente, únicamente, unicamente, mientras, cuando, en cuanto, quizás,
    quizas, quizá, quiza, tal vez, a lo mejor, supongo, creo, igual, no sé, no se,
    no estoy seguro, no estoy segura, probablemente, posiblemente, a ver, mmm, mm, hmm, eh,
    en caso de, depende, a condición, a condicion, sino, en principio
  `,
  conditionShapes: "^(?!si$)(?:.* )?si(?: |$)",
  sarcasm: `
    ya claro, sí hombre, si hombre, sí sí, si si, jaja, jajaja, jeje, jiji, lol, xd, como si,
    ni de broma, qué gracia, que gracia, qué gracioso, que gracioso, ironía, ironia, seguro seguro
  `,
  questionWords: `
    qué, cuál, cuáles, cual, cuanto, cuánto, cuánta, cuanta, cuántos, cuantos, cuántas, cuantas,
    cómo, dónde, donde, cuándo, por qué, porqué, quién, quien, quiénes, me pregunto, duda, dudas,
    curiosidad
  `,
  questionShape:
    "^(?:(?:sí|si|vale|y|pero|bueno|oye|hola|entonces|pues|ok) )*(?:como|hay|puedo|puedes|puede|podemos|se puede|tengo que|debo|tendré|tendre|incluye|incluyen|tarda|tardará|tardara|cuesta|cobran|me (?:llega|llegará|llegara|devuelven|devolverán|devolveran)|llega|recibiré|recibire|lo recibo|es posible|sería posible|seria posible)(?: |$)",
  notAQuestion: "(?:^| )(?:por qué no|por que no|porque no)(?: |$)",
  infoOrHold: `
    espera, espérate, esperate, un momento, un segundo, un minuto, dame un momento,
    déjame pensar, dejame pensar, déjame pensarlo, dejame pensarlo, déjame ver, dejame ver,
    lo pienso, lo pensaré, lo pensare, tengo que pensarlo, pensarlo, todavía no, todavia no,
    aún no, aun no, ahora no, más tarde, mas tarde, explícame, explicame, explica, dime,
    cuéntame, cuentame, más información, mas informacion, más detalles, mas detalles, detalles,
    información, informacion, pregunta, una pregunta, quiero saber, me gustaría saber,
    me gustaria saber, antes de, pero primero, primero, pausa
  `,
  requestAsQuestion:
    "^(?:por favor )?(?:puedes|puede|podrías|podrias|podría|podria|me puedes|me podrías|me podrias) (?:por favor )?(?:seguir|continuar|proceder|procesar|hacerlo|confirmar|reembolsar)",
  switchPhrase: (slots) =>
    `(?:^| )(?:en vez|en lugar|mejor (?:el|la|los|las|mi|mis)|cambia(?:lo)? (?:a|por)|cámbialo (?:a|por)|cambialo (?:a|por)|cambiar (?:a|por)|me refería|me referia|me refiero|quería decir|queria decir|quise decir|olvida (?:el|la|los|las|mi|mis|${slots})|no (?:el|la|los|las|mi|mis|${slots}))(?: |$)`,
  negatedSwitch:
    "(?:^| )(?:no|nunca) (?:\\S+ )?(?:cambiar|cambies|cambia|quiero|refería|referia|refiero)(?: |$)",
  dropping: "no, olvida, olvídate, olvidate, de, excepto, salvo, menos, que",
  determiners: `
    el, la, los, las, mi, mis, un, una, unos, unas, este, esta, estos, estas, ese, esa, esos,
    esas, tu, tus, su, sus, nuestro, nuestra
  `,
  notAThing: `
    reembolso, reembolsos, dinero, devolución, devolucion, presupuesto, importe, total, precio,
    cargo, tarifa, envío, envio, política, politica, tarjeta, cuenta, banco, pago, método,
    metodo, crédito, credito, etiqueta, dirección, direccion, cosa, cosas, tiempo, día, dia,
    semana, mes, opción, opcion, idea, solicitud, pedido, artículo, articulo, producto, compra,
    otro, otra, otros, otras, mismo, misma, resto, vez, momento, respuesta, pregunta, correo,
    recibo, motivo, tienda, talla, color, cambio, cupón, cupon, ayuda, oferta, final, verdad
  `,
  stopwords: `
    es, son, era, está, esta, yo, tú, él, ella, y, o, pero, a, de, en, con, por, para, que,
    gracias, también, tambien, muy, solo, lo
  `,
  otherThing:
    "(?:^| )(?:otro|otra|otros|otras|distinto|distinta|diferente) (?:pedido|artículo|articulo|producto|compra|cosa)s?(?: |$)|(?:^| )(?:el|la|los|las) (?:otro|otra|otros|otras)(?: |$)",
  itemDeterminers: "el|la|los|las|mi|mis|este|esta|estos|estas|ese|esa|esos|esas|unos|unas",
  authority: `
    aprobado, aprobada, aprobó, aprobo, apruebo, aprobar, autorizado, autorizada, autorizo,
    autorizó, autorización, autorizacion, gerente, jefe, jefa, supervisor, supervisora,
    encargado, encargada, administrador, sistema, asistente, instrucción, instruccion,
    instrucciones, ignora, ignorar, anula, anular, modo, herramienta, desarrollador, permiso,
    ya confirmado, ya confirmé, ya confirme, ya dije que sí, ya dije que si, en nombre de,
    compañero, compañera, personal, usuario, ejecuta, ejecutar
  `,
  typoTargets: "adelante, perfecto, gracias, favor",
  notTypos: "adelanto, adelantó, adelantar",
});
