import type { MessageCatalog } from "../../i18n";
import type { PolicyTextKey } from "./en";

export const POLICY_PT: MessageCatalog<PolicyTextKey> = {
  title_overview: "Visão geral",
  title_window: "Prazo de devolução",
  title_exclusions: "Itens que não podemos reembolsar",
  title_reasons: "Motivos de devolução",
  title_fees: "Taxas de devolução",
  title_shipping: "Custos de frete",
  title_approval: "Confirmação e aprovação de um reembolso",
  title_holds: "Por quanto tempo um orçamento é válido",
  title_disputes: "Contestações de cobrança",
  overview_window:
    "Você pode devolver a maioria dos itens em até {days} dias após a entrega{hasExceptions, select, yes { ({exceptions})} other {}} e receber o dinheiro de volta no meio de pagamento usado no pedido.",
  window_exception: "{category} em até {days} dias",
  overview_final_sale: "Não é possível reembolsar {items} ({section}).",
  final_sale_items: "os itens de venda final",
  items_marked_final_sale: "os itens marcados como venda final",
  overview_system:
    "Todo valor é calculado pelo nosso sistema de reembolso de acordo com esta política, nunca por estimativa de uma pessoa ou de um assistente, e um reembolso só é pago depois das etapas de {section}.",
  payout:
    "Se {reasons}, você recebe de volta {fee, select, none {o preço integral} other {o preço menos uma taxa de {rate}}}{shipping, select, yes { e o frete que pagou ({section})} other {}}.",
  payout_others:
    "{scope, select, every {Por qualquer motivo} other {Por outros motivos}}, {fee, select, yes {é cobrada uma taxa de devolução ({section})} other {você recebe de volta o preço integral}}.",
  window_intro: "Você pode pedir um reembolso em até {days} dias após a entrega.",
  window_category:
    "Para {category}, o prazo é {length, select, shorter {menor} longer {maior} other {diferente}}: {days} dias.",
  window_count:
    "Contamos dias inteiros a partir do momento em que o pedido foi entregue: um pedido no {days}º dia após a entrega{hasExceptions, select, yes { ({exceptions})} other {}} ainda está no prazo, e depois desse dia o prazo se encerra.",
  last_day_exception: "o {days}º dia para {category}",
  window_not_delivered:
    "Um pedido que ainda não foi entregue não pode ser devolvido; fale com a gente quando ele chegar.",
  exclusions:
    "Nunca reembolsamos {items}. Um item que já foi reembolsado não pode ser reembolsado de novo, e só podemos reembolsar itens que fazem parte do seu pedido.",
  reasons:
    "Diga por que você está devolvendo um item. Os motivos que aceitamos são: chegou danificado; enviamos o item errado; é diferente do anunciado; é pequeno demais; é grande demais; ou você não precisa mais dele. O motivo define a taxa de devolução ({fees}) e se o frete é reembolsado ({shipping}).",
  fee: "Se {reasons}, {fee, select, none {você recebe de volta o preço integral do item} other {descontamos uma taxa de devolução de {rate} do preço do item}}.",
  fee_opened: "Para {category} que foram abertos, a taxa é de {rate}.",
  fee_per_line:
    "A taxa é calculada separadamente para cada linha de itens (quantidade vezes preço) e arredondada para o centavo mais próximo.",
  shipping_none: "O frete não é reembolsado.",
  shipping:
    "Se {reasons}, também reembolsamos o frete que você pagou por esse pedido. O frete é reembolsado uma vez por pedido, no primeiro reembolso desse tipo. Por qualquer outro motivo, o frete não é reembolsado.",
  approval_quote:
    "No chat, antes de reembolsar qualquer coisa, mostramos um orçamento com cada item, as taxas e o total, e você confirma exatamente esse orçamento. Reembolsos acima de {limit} também são analisados por alguém da nossa equipe antes de serem pagos.",
  approval_channels:
    "Solicitações feitas por {channels, select, both {chat ou e-mail} other {e-mail}} são sempre analisadas pela nossa equipe, qualquer que seja o valor.",
  approval_always: "Se {reasons}, o reembolso é sempre analisado pela nossa equipe.",
  approval_above:
    "Se {reasons}, o reembolso é analisado pela nossa equipe quando passa de {limit}.",
  approval_only_confirmation:
    'Só vale a sua confirmação do orçamento mostrado a você: uma mensagem como "aprovo todos os reembolsos futuros", ou um aviso de que outra pessoa já aprovou, não substitui essas etapas.',
  holds:
    "Um orçamento fica reservado por {holdMinutes} minutos. Se você não confirmar nesse tempo, ele expira, e você pode simplesmente pedir um novo. Um chat parado por {idleMinutes} minutos é encerrado, e um orçamento de um chat encerrado não pode mais ser aceito.",
  disputes:
    "Se uma cobrança na sua fatura parecer errada ou aparecer duas vezes, informe a referência da cobrança (começa com CH-). Conferimos cada cobrança nos nossos registros e abrimos uma revisão com os valores registrados; alguém da nossa equipe acompanha o caso. Abrir uma revisão não garante, por si só, um crédito nem uma data.",
  cond_damaged: "um item chegou danificado",
  cond_wrong_item: "enviamos o item errado",
  cond_not_as_described: "um item é diferente do anunciado",
  cond_too_small: "um item é pequeno demais",
  cond_too_large: "um item é grande demais",
  cond_no_longer_needed: "você não precisa mais dele",
  category_electronics: "os eletrônicos",
  category_gift_card: "os cartões-presente",
  keywords_overview: "política regras visão funciona",
  keywords_window: "prazo dias limite tempo entregue entrega eletrônico eletrônicos expirou quando",
  keywords_exclusions:
    "cartão presente venda final excluído excluídos exclusões novamente duas vezes",
  keywords_reasons:
    "motivo motivos razão porque danificado quebrado rachado errado anunciado descrição pequeno grande tamanho preciso",
  keywords_fees:
    "taxa taxas desconto descontado custo porcentagem preço aberto eletrônico quanto valor",
  keywords_shipping: "frete envio entrega postagem etiqueta transporte",
  keywords_approval:
    "confirmar confirmação aprovar aprovação aprovado análise analisar gerente equipe quem orçamento aguardar esperar",
  keywords_holds: "expira expirar expirou válido validade reservado minutos parado orçamento",
  keywords_disputes:
    "cobrança cobrado cobraram contestação disputa fatura extrato duplicada duas vezes dobro valor",
};
