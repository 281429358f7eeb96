import type { MessageCatalog } from "../../i18n";
import type { WidgetMessageKey } from "./en";

export const WIDGET_PT: MessageCatalog<WidgetMessageKey> = {
  // The shop page's launcher button and the title of the chat's frame (public/widget.js).
  launcher_open: "Fale com a gente",
  launcher_frame_title: "Chat com o suporte",
  header_title: "Chat",
  header_title_shop: "Converse com {shop}",
  close_chat: "Fechar chat",
  language_label: "Idioma",
  opening: "Abrindo o chat…",
  unreachable: "O chat não conseguiu se conectar ao servidor. Verifique sua conexão.",
  token_required:
    "Esta loja abre o chat apenas para clientes que fizeram login. Entre no site da loja e abra o chat de novo.",
  session_ended_idle:
    "Sua sessão de chat terminou depois de 30 minutos sem atividade. Confirme quem você é para continuar.",
  session_ended: "Sua sessão de chat terminou. Confirme quem você é para continuar.",
  language_not_saved: "Não foi possível salvar o idioma escolhido. Tente de novo.",

  identity_heading: "Primeiro, vamos encontrar seu pedido",
  identity_intro:
    "Para que só você veja seus pedidos e reembolsos, informe o e-mail usado na compra e um dos números dos seus pedidos.",
  email_label: "E-mail",
  order_number_label: "Número do pedido",
  order_number_hint: "Ele está no e-mail de confirmação do pedido, por exemplo A1043.",
  checking: "Verificando…",
  start_chat: "Iniciar chat",

  loading_conversation: "Carregando sua conversa…",
  new_session_started: "Uma nova sessão começou; responda ao orçamento de novo se ainda quiser.",
  conversation_label: "Conversa",
  greeting: "Oi, {name}! Conte para a gente o que deu errado com seu pedido e vamos resolver.",
  reconnecting: "Reconectando… as mensagens enviadas para você nesse meio-tempo vão aparecer.",
  typing: "O suporte está digitando…",
  you_said: "Você escreveu",
  support_said: "O suporte escreveu",
  support_team_said: "A equipe de suporte escreveu",

  image_described: "[imagem: {alt}]",
  image: "[imagem]",
  message_label: "Sua mensagem",
  message_hint: "{count} / {max} caracteres. Enter envia, Shift+Enter adiciona uma linha.",
  message_placeholder: "Escreva uma mensagem…",
  send: "Enviar",
  write_first: "Escreva uma mensagem primeiro.",
  message_too_long: "As mensagens podem ter no máximo {max} caracteres.",

  quote_heading: "Orçamento de reembolso · pedido {order}",
  quote_reason: "Motivo: {reason}",
  quote_table_caption: "Valores do reembolso do pedido {order}",
  column_item: "Item",
  column_price: "Preço",
  column_fee: "Taxa",
  shipping: "Frete",
  no_fee: "nenhuma",
  refund_total: "Reembolso",
  refund_to: "Para {target}",
  return_fees_label: "Taxas de devolução",
  refused_lines_heading: "Não incluído:",
  assumed_reason_lead:
    "Você não nos disse por que está devolvendo, então este orçamento considera:",
  // Closes the sentence whose end is the assumed reason, shown in bold.
  assumed_reason_end: ".",
  assumed_reason_tail: "Se não for isso, me diga o motivo em vez de confirmar.",
  confirm_refund: "Confirmar reembolso de {amount}",
  decline: "Recusar",
  fresh_quote_button: "Pedir um novo orçamento",
  fresh_quote_asked: "Você pediu um novo orçamento para estes itens.",

  status_held: "Reservado para você até {time}. Nada é reembolsado até você confirmar.",
  status_suspended:
    "Pausado enquanto respondemos à sua pergunta. Diga “pode seguir” quando quiser continuar.",
  status_awaiting_approval:
    "Você confirmou. Um membro da equipe aprova reembolsos desse valor; vamos avisar você aqui.",
  status_approved: "Aprovado. O reembolso está sendo processado.",
  status_declined: "Você recusou este orçamento. Nada foi reembolsado.",
  status_rejected: "Nossa equipe não aprovou este reembolso. A resposta abaixo explica o motivo.",
  status_outdated: "Este orçamento não é mais válido: {why} {invitation}",
  fresh_quote_invitation:
    "Nada foi reembolsado neste orçamento. Peça um novo orçamento e eu verifico o que ainda pode ser reembolsado.",
  status_expired:
    "Este orçamento expirou sem resposta e não pode mais ser confirmado. Peça um novo orçamento para os mesmos itens.",
  status_superseded:
    "Substituído pelo seu pedido mais recente. Este orçamento não pode mais ser confirmado.",
  status_failed: "Não foi possível concluir o reembolso. Nossa equipe já foi avisada.",
  status_needs_reconciliation:
    "Nossa equipe está verificando este reembolso com o provedor de pagamento.",
  refund_paid: "{amount} reembolsados para {target}.",
  refund_processing:
    "Em processamento: enviado para {target}, ainda não está na sua conta. Vamos avisar você aqui assim que o processador de pagamento confirmar.",
  refund_came_back: "No fim, este reembolso não chegou até você; o dinheiro voltou para nós.",
  refund_came_back_because:
    "No fim, este reembolso não chegou até você ({why}); o dinheiro voltou para nós.",
  refund_not_through: "Este reembolso não foi concluído, então nada chegou à sua conta.",
  refund_not_through_because:
    "Este reembolso não foi concluído ({why}), então nada chegou à sua conta.",
  refund_next_step: "Nossa equipe vai entrar em contato para enviar o valor de outra forma.",

  problem_wrong_pair: "Não encontramos nenhum pedido com esse e-mail e esse número de pedido.",
  problem_no_session: "Confirme quem você é para começar a conversar.",
  problem_token_expired: "Seu login na loja expirou. Recarregue a página da loja para continuar.",
  problem_token_invalid:
    "Não foi possível verificar seu login na loja, então o chat não pode ser aberto para esta conta.",
  problem_quote_changed: "Este orçamento mudou; veja o mais recente.",
  problem_quote_session_ended: "A sessão de chat terminou; peça um novo orçamento.",
  problem_rate_limited:
    "Muitas tentativas. Tente de novo em {seconds, plural, one {# segundo} other {# segundos}}.",
  problem_rate_limited_minutes:
    "Muitas tentativas. Tente de novo em {minutes, plural, one {# minuto} other {# minutos}}.",
  problem_invalid_input: "Confira o que você digitou e tente de novo.",
  problem_other: "Algo deu errado. Tente de novo em instantes.",
};
