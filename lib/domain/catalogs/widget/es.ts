import type { MessageCatalog } from "../../i18n";
import type { WidgetMessageKey } from "./en";

export const WIDGET_ES: MessageCatalog<WidgetMessageKey> = {
  // The shop page's launcher button and the title of the chat's frame (public/widget.js).
  launcher_open: "Chatea con nosotros",
  launcher_frame_title: "Chat con soporte",
  header_title: "Chat",
  header_title_shop: "Chatea con {shop}",
  close_chat: "Cerrar chat",
  language_label: "Idioma",
  opening: "Abriendo el chat…",
  unreachable: "El chat no pudo conectar con el servidor. Revisa tu conexión.",
  token_required:
    "Esta tienda abre el chat solo para clientes con sesión iniciada. Inicia sesión en la web de la tienda y vuelve a abrir el chat.",
  session_ended_idle:
    "Tu sesión de chat terminó tras 30 minutos sin actividad. Confirma quién eres para continuar.",
  session_ended: "Tu sesión de chat ha terminado. Confirma quién eres para continuar.",
  language_not_saved: "No se pudo guardar el idioma elegido. Inténtalo de nuevo.",

  identity_heading: "Primero, busquemos tu pedido",
  identity_intro:
    "Para que solo tú puedas ver tus pedidos y reembolsos, escribe el correo electrónico con el que hiciste el pedido y uno de tus números de pedido.",
  email_label: "Correo electrónico",
  order_number_label: "Número de pedido",
  order_number_hint: "Aparece en el correo de confirmación de tu pedido, por ejemplo A1043.",
  checking: "Comprobando…",
  start_chat: "Empezar chat",

  loading_conversation: "Cargando tu conversación…",
  new_session_started:
    "Se ha iniciado una nueva sesión; vuelve a responder al presupuesto si todavía lo quieres.",
  conversation_label: "Conversación",
  greeting: "¡Hola, {name}! Cuéntanos qué ha fallado con tu pedido y lo solucionamos.",
  reconnecting: "Reconectando… los mensajes que te envíen mientras tanto aparecerán aquí.",
  typing: "Soporte está escribiendo…",
  you_said: "Tú escribiste",
  support_said: "Soporte escribió",
  support_team_said: "El equipo de soporte escribió",

  image_described: "[imagen: {alt}]",
  image: "[imagen]",
  message_label: "Tu mensaje",
  message_hint: "{count} / {max} caracteres. Intro envía, Mayús+Intro añade una línea.",
  message_placeholder: "Escribe un mensaje…",
  send: "Enviar",
  write_first: "Escribe un mensaje primero.",
  message_too_long: "Los mensajes pueden tener como máximo {max} caracteres.",

  quote_heading: "Presupuesto de reembolso · pedido {order}",
  quote_reason: "Motivo: {reason}",
  quote_table_caption: "Importes del reembolso del pedido {order}",
  column_item: "Artículo",
  column_price: "Precio",
  column_fee: "Cargo",
  shipping: "Envío",
  no_fee: "ninguno",
  refund_total: "Reembolso",
  refund_to: "A {target}",
  return_fees_label: "Cargos por devolución",
  refused_lines_heading: "No incluido:",
  assumed_reason_lead: "No nos has dicho por qué lo devuelves, así que este presupuesto supone:",
  // Closes the sentence whose end is the assumed reason, shown in bold.
  assumed_reason_end: ".",
  assumed_reason_tail: "Si no es así, dime el motivo en lugar de confirmar.",
  confirm_refund: "Confirmar reembolso de {amount}",
  decline: "Rechazar",
  fresh_quote_button: "Pedir un presupuesto nuevo",
  fresh_quote_asked: "Has pedido un presupuesto nuevo para estos artículos.",

  status_held: "Reservado para ti hasta las {time}. No se reembolsa nada hasta que confirmes.",
  status_suspended:
    "En pausa mientras respondemos a tu pregunta. Di «adelante» cuando quieras continuar.",
  status_awaiting_approval:
    "Has confirmado. Un miembro del equipo aprueba los reembolsos de este importe; te avisaremos aquí.",
  status_approved: "Aprobado. El reembolso se está procesando.",
  status_declined: "Has rechazado este presupuesto. No se ha reembolsado nada.",
  status_rejected:
    "Nuestro equipo no ha aprobado este reembolso. La respuesta de abajo explica por qué.",
  status_outdated: "Este presupuesto ya no es válido: {why} {invitation}",
  fresh_quote_invitation:
    "No se ha reembolsado nada con este presupuesto. Pide uno nuevo y compruebo qué se puede reembolsar todavía.",
  status_expired:
    "Este presupuesto caducó sin respuesta, así que ya no se puede confirmar. Pide un presupuesto nuevo para los mismos artículos.",
  status_superseded:
    "Sustituido por tu solicitud más reciente. Este presupuesto ya no se puede confirmar.",
  status_failed: "No se pudo completar el reembolso. Ya hemos avisado a nuestro equipo.",
  status_needs_reconciliation:
    "Nuestro equipo está comprobando este reembolso con el proveedor de pagos.",
  refund_paid: "Se han reembolsado {amount} a {target}.",
  refund_processing:
    "En proceso: enviado a {target}, todavía no está en tu cuenta. Te avisaremos aquí cuando el procesador de pagos lo confirme.",
  refund_came_back: "Al final este reembolso no te llegó; el dinero ha vuelto a nuestra cuenta.",
  refund_came_back_because:
    "Al final este reembolso no te llegó ({why}); el dinero ha vuelto a nuestra cuenta.",
  refund_not_through: "Este reembolso no se completó, así que no llegó nada a tu cuenta.",
  refund_not_through_because:
    "Este reembolso no se completó ({why}), así que no llegó nada a tu cuenta.",
  refund_next_step: "Nuestro equipo se pondrá en contacto contigo para enviártelo de otra forma.",

  problem_wrong_pair:
    "No encontramos ningún pedido con ese correo electrónico y ese número de pedido.",
  problem_no_session: "Confirma quién eres para empezar a chatear.",
  problem_token_expired:
    "Tu sesión en la tienda ha caducado. Vuelve a cargar la página de la tienda para continuar.",
  problem_token_invalid:
    "No se pudo verificar tu sesión en la tienda, así que el chat no puede abrirse para esta cuenta.",
  problem_quote_changed: "Este presupuesto ha cambiado; mira el más reciente.",
  problem_quote_session_ended: "La sesión de chat ha terminado; pide un presupuesto nuevo.",
  problem_rate_limited:
    "Demasiados intentos. Vuelve a intentarlo dentro de {seconds, plural, one {# segundo} other {# segundos}}.",
  problem_rate_limited_minutes:
    "Demasiados intentos. Vuelve a intentarlo dentro de {minutes, plural, one {# minuto} other {# minutos}}.",
  problem_invalid_input: "Revisa lo que has escrito e inténtalo de nuevo.",
  problem_other: "Algo ha fallado. Inténtalo de nuevo dentro de un momento.",
};
