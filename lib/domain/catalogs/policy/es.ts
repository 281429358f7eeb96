import type { MessageCatalog } from "../../i18n";
import type { PolicyTextKey } from "./en";

export const POLICY_ES: MessageCatalog<PolicyTextKey> = {
  title_overview: "Resumen",
  title_window: "Plazo de devolución",
  title_exclusions: "Artículos que no podemos reembolsar",
  title_reasons: "Motivos de devolución",
  title_fees: "Comisiones de devolución",
  title_shipping: "Gastos de envío",
  title_approval: "Confirmación y aprobación de un reembolso",
  title_holds: "Cuánto tiempo es válido un presupuesto",
  title_disputes: "Reclamaciones de facturación",
  overview_window:
    "Puedes devolver la mayoría de los artículos en un plazo de {days} días desde la entrega{hasExceptions, select, yes { ({exceptions})} other {}} y recibir tu dinero en el método de pago que usaste para el pedido.",
  window_exception: "{category}: {days} días",
  overview_final_sale: "No se pueden reembolsar {items} ({section}).",
  final_sale_items: "los artículos de venta final",
  items_marked_final_sale: "los artículos marcados como venta final",
  overview_system:
    "Cada importe lo calcula nuestro sistema de reembolsos según esta política, nunca una persona ni un asistente a ojo, y un reembolso solo se paga después de los pasos de {section}.",
  payout:
    "Si {reasons}, te devolvemos {fee, select, none {su precio completo} other {su precio menos una comisión del {rate}}}{shipping, select, yes { y el envío que pagaste ({section})} other {}}.",
  payout_others:
    "{scope, select, every {Por cualquier motivo} other {Por otros motivos}} {fee, select, yes {se aplica una comisión de devolución ({section})} other {te devolvemos su precio completo}}.",
  window_intro: "Puedes pedir un reembolso en un plazo de {days} días desde la entrega.",
  window_category:
    "Para {category} el plazo es {length, select, shorter {más corto} longer {más largo} other {distinto}}: {days} días.",
  window_count:
    "Contamos días completos desde el momento en que se entregó tu pedido: una solicitud el día {days} después de la entrega{hasExceptions, select, yes { ({exceptions})} other {}} sigue estando a tiempo, y después de ese día el plazo queda cerrado.",
  last_day_exception: "el día {days} para {category}",
  window_not_delivered:
    "Un pedido que todavía no se ha entregado no se puede devolver; escríbenos cuando llegue.",
  exclusions:
    "Nunca reembolsamos {items}. Un artículo que ya se ha reembolsado no se puede reembolsar de nuevo, y solo podemos reembolsar artículos que formen parte de tu pedido.",
  reasons:
    "Dinos por qué devuelves un artículo. Los motivos que aceptamos son: llegó dañado; te enviamos un artículo equivocado; no es como se describía; es demasiado pequeño; es demasiado grande; o ya no lo necesitas. El motivo determina la comisión de devolución ({fees}) y si se reembolsa el envío ({shipping}).",
  fee: "Si {reasons}, {fee, select, none {te devolvemos el precio completo del artículo} other {descontamos una comisión de devolución del {rate} del precio del artículo}}.",
  fee_opened: "Para {category} que se hayan abierto, la comisión es del {rate}.",
  fee_per_line:
    "La comisión se calcula por separado para cada línea de artículos (cantidad por precio) y se redondea al céntimo más cercano.",
  shipping_none: "Los gastos de envío no se reembolsan.",
  shipping:
    "Si {reasons}, también te reembolsamos el envío que pagaste por ese pedido. El envío se reembolsa una vez por pedido, con el primer reembolso de ese tipo. Por cualquier otro motivo, el envío no se reembolsa.",
  approval_quote:
    "En el chat, antes de reembolsar nada te mostramos un presupuesto con cada artículo, cualquier comisión y el total, y tú confirmas exactamente ese presupuesto. Los reembolsos de más de {limit} además los revisa una persona de nuestro equipo antes de pagarlos.",
  approval_channels:
    "Las solicitudes hechas por {channels, select, both {chat o correo electrónico} other {correo electrónico}} siempre las revisa nuestro equipo, sea cual sea el importe.",
  approval_always: "Si {reasons}, nuestro equipo siempre revisa el reembolso.",
  approval_above: "Si {reasons}, nuestro equipo revisa el reembolso cuando supera {limit}.",
  approval_only_confirmation:
    "Solo cuenta tu confirmación del presupuesto que te mostramos: un mensaje como «apruebo todos los reembolsos futuros», o una nota de que otra persona ya lo aprobó, no sustituye estos pasos.",
  holds:
    "Un presupuesto se mantiene durante {holdMinutes} minutos. Si no lo confirmas en ese tiempo, caduca, y puedes volver a pedir uno nuevo sin problema. Un chat que lleva {idleMinutes} minutos inactivo termina, y un presupuesto de un chat terminado ya no se puede aceptar.",
  disputes:
    "Si un cargo de tu extracto parece incorrecto o aparece dos veces, dinos la referencia del cargo (empieza por CH-). Comprobamos cada cargo con nuestros registros y abrimos una revisión con los importes de esos registros; una persona de nuestro equipo se encarga del seguimiento. Abrir una revisión no garantiza por sí solo un abono ni una fecha.",
  cond_damaged: "un artículo llegó dañado",
  cond_wrong_item: "te enviamos un artículo equivocado",
  cond_not_as_described: "un artículo no es como se describía",
  cond_too_small: "un artículo es demasiado pequeño",
  cond_too_large: "un artículo es demasiado grande",
  cond_no_longer_needed: "ya no lo necesitas",
  category_electronics: "los productos electrónicos",
  category_gift_card: "las tarjetas regalo",
  keywords_overview: "política reglas resumen funciona",
  keywords_window:
    "plazo días fecha límite tiempo entregado entrega electrónica electrónicos caducado cuándo cuanto",
  keywords_exclusions:
    "tarjeta regalo venta final excluido excluidos exclusiones otra vez dos veces",
  keywords_reasons:
    "motivo motivos razón por qué dañado roto rajado equivocado incorrecto descripción pequeño grande talla necesito",
  keywords_fees:
    "comisión comisiones cargo descuento descontar coste costo porcentaje reposición precio abierto electrónica cuánto importe",
  keywords_shipping: "envío envíos gastos franqueo mandar etiqueta transporte",
  keywords_approval:
    "confirmar confirmación aprobar aprobación aprobado revisión revisar gerente equipo personal quién presupuesto correo esperar espera",
  keywords_holds:
    "caduca caducar caducado válido validez mantiene reservado minutos inactivo presupuesto",
  keywords_disputes:
    "cargo cobro cobrado cobraron reclamación disputa facturación factura extracto duplicado dos veces doble importe",
};
