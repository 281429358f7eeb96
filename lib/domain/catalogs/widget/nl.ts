import type { MessageCatalog } from "../../i18n";
import type { WidgetMessageKey } from "./en";

export const WIDGET_NL: MessageCatalog<WidgetMessageKey> = {
  // The shop page's launcher button and the title of the chat's frame (public/widget.js).
  launcher_open: "Chat met ons",
  launcher_frame_title: "Chat met support",
  header_title: "Chat",
  header_title_shop: "Chat met {shop}",
  close_chat: "Chat sluiten",
  language_label: "Taal",
  opening: "De chat wordt geopend…",
  unreachable: "De chat kon de server niet bereiken. Controleer je verbinding.",
  token_required:
    "Deze winkel opent de chat alleen voor ingelogde klanten. Log in op de website van de winkel en open de chat daarna opnieuw.",
  session_ended_idle:
    "Je chatsessie is beëindigd na 30 minuten zonder activiteit. Bevestig wie je bent om verder te gaan.",
  session_ended: "Je chatsessie is beëindigd. Bevestig wie je bent om verder te gaan.",
  language_not_saved: "Je taalkeuze kon niet worden opgeslagen. Probeer het opnieuw.",

  identity_heading: "Eerst zoeken we je bestelling op",
  identity_intro:
    "Zodat alleen jij je bestellingen en terugbetalingen kunt zien: vul het e-mailadres in waarmee je hebt besteld en een van je bestelnummers.",
  email_label: "E-mailadres",
  order_number_label: "Bestelnummer",
  order_number_hint: "Je vindt het in de bevestigingsmail van je bestelling, bijvoorbeeld A1043.",
  checking: "Bezig met controleren…",
  start_chat: "Chat starten",

  loading_conversation: "Je gesprek wordt geladen…",
  new_session_started:
    "Er is een nieuwe sessie gestart; beantwoord de offerte opnieuw als je die nog wilt.",
  conversation_label: "Gesprek",
  greeting: "Hoi {name}! Vertel ons wat er mis is met je bestelling, dan lossen we het op.",
  reconnecting: "Opnieuw verbinden… berichten die je intussen krijgt, verschijnen hier.",
  typing: "Support is aan het typen…",
  you_said: "Jij schreef",
  support_said: "Support schreef",
  support_team_said: "Het supportteam schreef",

  image_described: "[afbeelding: {alt}]",
  image: "[afbeelding]",
  message_label: "Je bericht",
  message_hint: "{count} / {max} tekens. Enter verstuurt, Shift+Enter voegt een regel toe.",
  message_placeholder: "Schrijf een bericht…",
  send: "Versturen",
  write_first: "Schrijf eerst een bericht.",
  message_too_long: "Berichten mogen maximaal {max} tekens lang zijn.",

  quote_heading: "Offerte voor terugbetaling · bestelling {order}",
  quote_reason: "Reden: {reason}",
  quote_table_caption: "Terugbetaalde bedragen voor bestelling {order}",
  column_item: "Artikel",
  column_price: "Prijs",
  column_fee: "Kosten",
  shipping: "Verzending",
  no_fee: "geen",
  refund_total: "Terugbetaling",
  refund_to: "Naar {target}",
  return_fees_label: "Retourkosten",
  refused_lines_heading: "Niet inbegrepen:",
  assumed_reason_lead:
    "Je hebt ons niet verteld waarom je het terugstuurt, dus deze offerte gaat uit van:",
  // Closes the sentence whose end is the assumed reason, shown in bold.
  assumed_reason_end: ".",
  assumed_reason_tail: "Klopt dat niet? Vertel me dan de reden in plaats van te bevestigen.",
  confirm_refund: "Terugbetaling van {amount} bevestigen",
  decline: "Weigeren",
  fresh_quote_button: "Nieuwe offerte vragen",
  fresh_quote_asked: "Je hebt een nieuwe offerte voor deze artikelen gevraagd.",

  status_held: "Voor je vastgehouden tot {time}. Er wordt niets terugbetaald totdat je bevestigt.",
  status_suspended:
    "Gepauzeerd terwijl we je vraag beantwoorden. Zeg ‘ga je gang’ als je verder wilt.",
  status_awaiting_approval:
    "Je hebt bevestigd. Een teamlid keurt terugbetalingen van deze omvang goed; we laten het je hier weten.",
  status_approved: "Goedgekeurd. De terugbetaling wordt verwerkt.",
  status_declined: "Je hebt deze offerte geweigerd. Er is niets terugbetaald.",
  status_rejected:
    "Ons team heeft deze terugbetaling niet goedgekeurd. Het antwoord hieronder legt uit waarom.",
  status_outdated: "Deze offerte is niet meer geldig: {why} {invitation}",
  fresh_quote_invitation:
    "Er is niets terugbetaald op deze offerte. Vraag een nieuwe offerte aan, dan kijk ik wat er nog terugbetaald kan worden.",
  status_expired:
    "Deze offerte is verlopen zonder antwoord en kan niet meer worden bevestigd. Vraag een nieuwe offerte aan voor dezelfde artikelen.",
  status_superseded:
    "Vervangen door je nieuwere verzoek. Deze offerte kan niet meer worden bevestigd.",
  status_failed: "De terugbetaling kon niet worden voltooid. Ons team is op de hoogte gebracht.",
  status_needs_reconciliation: "Ons team controleert deze terugbetaling bij de betaalprovider.",
  refund_paid: "{amount} terugbetaald naar {target}.",
  refund_processing:
    "In behandeling: verstuurd naar {target}, nog niet op je rekening. We laten het je hier weten zodra de betaalverwerker het bevestigt.",
  refund_came_back:
    "Deze terugbetaling heeft je toch niet bereikt; het geld is naar ons teruggegaan.",
  refund_came_back_because:
    "Deze terugbetaling heeft je toch niet bereikt ({why}); het geld is naar ons teruggegaan.",
  refund_not_through: "Deze terugbetaling is niet gelukt, dus er is niets op je rekening gekomen.",
  refund_not_through_because:
    "Deze terugbetaling is niet gelukt ({why}), dus er is niets op je rekening gekomen.",
  refund_next_step: "Ons team neemt contact met je op om het op een andere manier te sturen.",

  problem_wrong_pair: "We hebben geen bestelling gevonden met dat e-mailadres en dat bestelnummer.",
  problem_no_session: "Bevestig wie je bent om te beginnen met chatten.",
  problem_token_expired:
    "Je aanmelding bij de winkel is verlopen. Laad de pagina van de winkel opnieuw om verder te gaan.",
  problem_token_invalid:
    "Je aanmelding bij de winkel kon niet worden gecontroleerd, dus de chat kan voor dit account niet openen.",
  problem_quote_changed: "Deze offerte is gewijzigd; bekijk de nieuwste.",
  problem_quote_session_ended: "De chatsessie is beëindigd; vraag een nieuwe offerte aan.",
  problem_rate_limited:
    "Te veel pogingen. Probeer het over {seconds, plural, one {# seconde} other {# seconden}} opnieuw.",
  problem_rate_limited_minutes:
    "Te veel pogingen. Probeer het over {minutes, plural, one {# minuut} other {# minuten}} opnieuw.",
  problem_invalid_input: "Controleer wat je hebt ingevuld en probeer het opnieuw.",
  problem_other: "Er ging iets mis. Probeer het zo opnieuw.",
};
