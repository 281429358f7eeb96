import { AMOUNT, ITEM } from "../classify-message-lexicon";
import { buildLexicon } from "./build-lexicon";

/*
 * Portuguese (as written in Brazil, read for Portugal too). A yes/no question is written like
 * a statement, so shapes that could be either ("pode ser", "vai dar") are no yes; "pode
 * seguir" and "vai em frente" are read as the go-ahead they almost always are.
 */
export const PORTUGUESE = buildLexicon({
  language: "pt",
  yesWords: `
    sim, claro, claro que sim, ok, okay, beleza, blz, tá, tá bom, ta bom, tá certo, ta certo,
    certo, perfeito, com certeza, fechado, combinado, de acordo, exato, isso mesmo, positivo,
    confirmado, aceito
  `,
  courtesy: `
    por favor, pfv, por gentileza, obrigado, obrigada, muito obrigado, muito obrigada, valeu,
    vlw, agradeço, ótimo, otimo, legal, excelente, show, maravilha, bom dia, boa tarde,
    boa noite, oi, olá, ola, entendi, então, entao, tenha um bom dia, obrigado pela ajuda,
    obrigada pela ajuda
  `,
  object: (named) =>
    `(?:isso|(?:o|meu|esse|este) reembolso|a devolução|a devolucao|${named}|o reembolso (?:de|do|da|dos|das|para) ${named})`,
  affirming: (object, yes) => [
    `pode (?:seguir|prosseguir|continuar|fazer|confirmar|processar|mandar)(?: com ${object})?`,
    `(?:siga|prossiga|segue|manda ver|vai em frente|vá em frente|va em frente|bora|vamos nessa)(?: com ${object})?`,
    `(?:eu )?(?:confirmo|aceito)(?: ${object}| a oferta)?`,
    `(?:confirma|confirme|processa|processe) ${object}`,
    `(?:estou|estamos) de acordo(?: com ${object})?`,
    `(?:eu )?concordo(?: com ${object})?`,
    `(?:está|esta|tá|ta) (?:ótimo|otimo|bom|certo|perfeito|ok|beleza)(?: pra mim| para mim)?`,
    `(?:por mim|pra mim|para mim) (?:tudo bem|está ótimo|tá ótimo|ta otimo|está bom|tá bom|serve)`,
    `(?:me )?(?:parece|serve) (?:bom|ótimo|otimo|bem|perfeito)`,
    `(?:quero|gostaria de) (?:seguir|prosseguir|continuar|confirmar|o reembolso)(?: com ${object})?`,
    `${yes}(?: por favor)? (?:para|pra|com) ${object}`,
    `${AMOUNT} (?:está|esta|tá|ta) (?:ótimo|otimo|bom|certo|perfeito|ok)`,
    `${AMOUNT} (?:serve|me serve)`,
  ],
  resuming: (object) => [
    `(?:vamos |podemos )?(?:continuar|seguir|retomar)(?: com ${object})?`,
    `(?:continua|continue|seguimos|continuamos|retomando)(?: com ${object})?`,
    `voltando (?:a|ao|à) ${object}`,
  ],
  and: / e /,
  decline: {
    openers: `
      hmm, hum, ah, bom, bem, olha, então, entao, na verdade, pensando bem, desculpa, desculpe,
      foi mal, ok
    `,
    negations: "não, nao, nope",
    dismissals: (object) => {
      const kept = `(?:${ITEM}(?: e ${ITEM})*|ele|ela|eles|elas|isso|tudo|os dois|as duas|ambos|ambas|o produto|os produtos|o item|os itens)`;
      return [
        `(?:não|nao) (?:obrigado|obrigada|valeu)`,
        `(?:de jeito nenhum|nem pensar|claro que não|claro que nao|jamais|nunca)`,
        `(?:não|nao) quero(?: ${object}| o reembolso| mais| devolver| seguir| continuar)?(?: não| nao)?`,
        `(?:não|nao) (?:me interessa|tenho interesse)(?: mais)?`,
        `(?:não|nao) (?:faça|faz|precisa|prossiga|siga|continue)(?: não| nao)?`,
        `(?:melhor não|melhor nao|prefiro não|prefiro nao)`,
        `(?:deixa pra lá|deixa pra la|deixa|esquece|esqueça|esquece isso|cancela|cancele)`,
        `mudei de (?:ideia|idéia)`,
        `(?:recuso|(?:não|nao) aceito)(?: ${object}| a oferta)?`,
        `(?:vou |prefiro |decidi |resolvi )?ficar com ${kept}`,
        `(?:eu )?fico com ${kept}`,
        `(?:vou |prefiro )?manter ${kept}`,
      ];
    },
    tails: "obrigado, obrigada, valeu, então, mesmo, no fim, afinal, por favor, não, nao",
    remarkStart: `(?:é|está|esta|tá|isso|esse|essa|o|a|os|as|meu|minha|ele|ela|eles|elas|estou|muito|${ITEM}) `,
    aboutTheRequest: `
      ficar, fico, manter, reembolso, reembolsar, devolução, devolucao, devolver, troca, trocar,
      em vez, ao invés, quero, preciso, por favor, você, voce, cancelar
    `,
    weakAcks: "ok, tá, ta, tá bom, ta bom, beleza, certo, tudo bem, entendi, tranquilo, de boa",
    strongYes: `
      sim, claro, pode seguir, confirmo, aceito, com certeza, beleza, fechado, combinado,
      perfeito
    `,
    negated: "não, nao, nunca, nem, jamais, nada",
  },
  conditions: `
    se, mas, porém, porem, contudo, só, somente, apenas, exceto, menos, a não ser, a nao ser,
    desde que, contanto, caso, quando, assim que, talvez, acho, acho que, eu acho,
    provavelmente, possivelmente, sei lá, sei la, não sei, nao sei, não tenho certeza,
    nao tenho certeza, hmm, hum, tipo, depende, embora, mesmo que, enquanto
  `,
  sarcasm: `
    kk, rs, rsrs, haha, hahaha, hehe, lol, até parece, ate parece, ah tá, ah ta, aham, sim sim,
    claro claro, sqn, só que não, so que nao
  `,
  questionWords: `
    o que, o quê, quê, qual, quais, quanto, quanta, quantos, quantas, como, onde, quando,
    por que, por quê, quem, será, sera, pergunto, dúvida, duvida, curioso, curiosa
  `,
  questionShape:
    "^(?:(?:sim|ok|e|mas|então|entao|oi|olá|tá) )*(?:é|tem|posso|podemos|dá|da pra|dá pra|vai demorar|vai custar|vai cair|vai ser|vou receber|vocês|voces|você|voce|demora|custa|inclui|preciso|devo|já|ja|consigo|recebo)(?: |$)",
  notAQuestion: "(?:^| )(?:por que não|por que nao|porque não|porque nao)(?: |$)",
  infoOrHold: `
    espera, espere, peraí, perai, pera, um momento, um segundo, um minuto, só um momento,
    deixa eu pensar, deixa eu ver, vou pensar, preciso pensar, pensar, ainda não, ainda nao,
    agora não, agora nao, mais tarde, depois, me explica, explica, explique, me diz, me fala,
    mais informações, mais detalhes, detalhes, informação, pergunta, uma pergunta,
    quero saber, gostaria de saber, antes de, primeiro, pausa
  `,
  requestAsQuestion:
    "^(?:por favor )?(?:você pode|voce pode|vc pode|poderia|pode me|consegue|você poderia|voce poderia) (?:por favor )?(?:seguir|prosseguir|continuar|fazer|confirmar|processar|reembolsar)",
  switchPhrase: (slots) =>
    `(?:^| )(?:em vez|ao invés|ao inves|no lugar|prefiro (?:o|a|os|as|meu|minha)|troca (?:para|por|pra)|muda (?:para|pra)|mude (?:para|pra)|eu quis dizer|quis dizer|quero dizer|esquece (?:o|a|os|as|meu|minha|${slots})|não (?:o|a|os|as|meu|minha|${slots})|nao (?:o|a|os|as|meu|minha|${slots}))(?: |$)`,
  negatedSwitch: "(?:^| )(?:não|nao|nunca) (?:\\S+ )?(?:quero|mudar|trocar|quis)(?: |$)",
  dropping: "não, nao, esquece, esqueça, de, exceto, menos, que, vez",
  determiners: `
    o, a, os, as, um, uma, uns, umas, meu, minha, meus, minhas, esse, essa, esses, essas, este,
    esta, estes, estas, seu, sua, do, da, dos, das
  `,
  notAThing: `
    reembolso, dinheiro, valor, total, preço, preco, taxa, frete, envio, política, cartão,
    cartao, conta, banco, pagamento, método, crédito, devolução, etiqueta, endereço, coisa,
    coisas, tempo, dia, semana, mês, opção, ideia, pedido, item, produto, compra, outro, outra,
    mesmo, mesma, resto, vez, momento, resposta, pergunta, email, recibo, motivo, loja, tamanho,
    cor, troca, cupom, desconto, ajuda, oferta, jeito
  `,
  stopwords: `
    é, e, foi, são, eu, você, voce, ele, ela, mas, ou, de, em, com, por, para, pra, que,
    obrigado, também, muito, só, quero, preciso
  `,
  otherThing:
    "(?:^| )(?:outro|outra|outros|outras|diferente) (?:pedido|item|produto|compra|coisa)s?(?: |$)|(?:^| )(?:o|a|os|as) (?:outro|outra|outros|outras)(?: |$)",
  itemDeterminers: "o|a|os|as|meu|minha|meus|minhas|esse|essa|esses|essas|este|esta|estes|estas",
  authority: `
    aprovado, aprovada, aprovou, aprovo, aprovar, autorizado, autorizada, autorizo, autorizou,
    autorização, gerente, chefe, supervisor, supervisora, administrador, admin, sistema,
    assistente, instrução, instruções, ignore, ignora, ignorar, modo, ferramenta,
    desenvolvedor, permissão, já confirmado, já confirmei, já disse sim, em nome, colega,
    funcionário, usuário, executa, executar
  `,
  typoTargets: "perfeito, obrigado, obrigada",
  notTypos: "",
});
