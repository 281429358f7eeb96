import type { MessageCatalog } from "../../i18n";
import type { WidgetMessageKey } from "./en";

export const WIDGET_DE: MessageCatalog<WidgetMessageKey> = {
  // The shop page's launcher button and the title of the chat's frame (public/widget.js).
  launcher_open: "Chatte mit uns",
  launcher_frame_title: "Chat mit dem Support",
  header_title: "Chat",
  header_title_shop: "Chat mit {shop}",
  close_chat: "Chat schließen",
  language_label: "Sprache",
  opening: "Chat wird geöffnet…",
  unreachable: "Der Chat konnte den Server nicht erreichen. Prüfe deine Verbindung.",
  token_required:
    "Dieser Shop öffnet den Chat nur für angemeldete Kundinnen und Kunden. Melde dich auf der Website des Shops an und öffne den Chat dann erneut.",
  session_ended_idle:
    "Deine Chatsitzung wurde nach 30 Minuten ohne Aktivität beendet. Bestätige, wer du bist, um weiterzumachen.",
  session_ended: "Deine Chatsitzung ist beendet. Bestätige, wer du bist, um weiterzumachen.",
  language_not_saved: "Deine Sprachwahl konnte nicht gespeichert werden. Versuch es noch einmal.",

  identity_heading: "Zuerst suchen wir deine Bestellung",
  identity_intro:
    "Damit nur du deine Bestellungen und Erstattungen sehen kannst, gib die E-Mail-Adresse ein, mit der du bestellt hast, und eine deiner Bestellnummern.",
  email_label: "E-Mail-Adresse",
  order_number_label: "Bestellnummer",
  order_number_hint: "Sie steht in deiner Bestellbestätigung per E-Mail, zum Beispiel A1043.",
  checking: "Wird geprüft…",
  start_chat: "Chat starten",

  loading_conversation: "Deine Unterhaltung wird geladen…",
  new_session_started:
    "Eine neue Sitzung hat begonnen; beantworte das Angebot noch einmal, wenn du es weiterhin möchtest.",
  conversation_label: "Unterhaltung",
  greeting:
    "Hallo {name}! Erzähl uns, was mit deiner Bestellung schiefgelaufen ist, und wir kümmern uns darum.",
  reconnecting:
    "Verbindung wird wiederhergestellt… Nachrichten, die du inzwischen bekommst, erscheinen hier.",
  typing: "Der Support schreibt…",
  you_said: "Du hast geschrieben",
  support_said: "Der Support hat geschrieben",
  support_team_said: "Das Support-Team hat geschrieben",

  image_described: "[Bild: {alt}]",
  image: "[Bild]",
  message_label: "Deine Nachricht",
  message_hint: "{count} / {max} Zeichen. Eingabe sendet, Umschalt+Eingabe fügt eine Zeile hinzu.",
  message_placeholder: "Schreib eine Nachricht…",
  send: "Senden",
  write_first: "Schreib zuerst eine Nachricht.",
  message_too_long: "Nachrichten dürfen höchstens {max} Zeichen lang sein.",

  quote_heading: "Erstattungsangebot · Bestellung {order}",
  quote_reason: "Grund: {reason}",
  quote_table_caption: "Erstattungsbeträge für Bestellung {order}",
  column_item: "Artikel",
  column_price: "Preis",
  column_fee: "Gebühr",
  shipping: "Versand",
  no_fee: "keine",
  refund_total: "Erstattung",
  refund_to: "An {target}",
  return_fees_label: "Rücksendegebühren",
  refused_lines_heading: "Nicht enthalten:",
  assumed_reason_lead:
    "Du hast uns nicht gesagt, warum du es zurückschickst, daher geht dieses Angebot von Folgendem aus:",
  // Closes the sentence whose end is the assumed reason, shown in bold.
  assumed_reason_end: ".",
  assumed_reason_tail: "Falls das nicht stimmt, nenn mir den Grund, statt zu bestätigen.",
  confirm_refund: "Erstattung von {amount} bestätigen",
  decline: "Ablehnen",
  fresh_quote_button: "Neues Angebot anfordern",
  fresh_quote_asked: "Du hast ein neues Angebot für diese Artikel angefordert.",

  status_held: "Für dich reserviert bis {time}. Erstattet wird erst, wenn du bestätigst.",
  status_suspended:
    "Pausiert, während wir deine Frage beantworten. Sag „weiter“, wenn du fortfahren möchtest.",
  status_awaiting_approval:
    "Du hast bestätigt. Erstattungen in dieser Höhe gibt ein Teammitglied frei; wir melden uns hier.",
  status_approved: "Freigegeben. Die Erstattung wird bearbeitet.",
  status_declined: "Du hast dieses Angebot abgelehnt. Es wurde nichts erstattet.",
  status_rejected:
    "Unser Team hat diese Erstattung nicht freigegeben. Die Antwort unten erklärt, warum.",
  status_outdated: "Dieses Angebot gilt nicht mehr: {why} {invitation}",
  fresh_quote_invitation:
    "Mit diesem Angebot wurde nichts erstattet. Fordere ein neues Angebot an, dann prüfe ich, was noch erstattet werden kann.",
  status_expired:
    "Dieses Angebot ist ohne Antwort abgelaufen und kann nicht mehr bestätigt werden. Fordere ein neues Angebot für dieselben Artikel an.",
  status_superseded:
    "Durch deine neuere Anfrage ersetzt. Dieses Angebot kann nicht mehr bestätigt werden.",
  status_failed: "Die Erstattung konnte nicht abgeschlossen werden. Unser Team ist informiert.",
  status_needs_reconciliation: "Unser Team prüft diese Erstattung mit dem Zahlungsanbieter.",
  refund_paid: "{amount} an {target} erstattet.",
  refund_processing:
    "In Bearbeitung: an {target} gesendet, aber noch nicht auf deinem Konto. Wir sagen dir hier Bescheid, sobald der Zahlungsabwickler sie bestätigt.",
  refund_came_back:
    "Diese Erstattung hat dich doch nicht erreicht; das Geld ist an uns zurückgegangen.",
  refund_came_back_because:
    "Diese Erstattung hat dich doch nicht erreicht ({why}); das Geld ist an uns zurückgegangen.",
  refund_not_through:
    "Diese Erstattung ist nicht durchgegangen, daher ist nichts auf deinem Konto angekommen.",
  refund_not_through_because:
    "Diese Erstattung ist nicht durchgegangen ({why}), daher ist nichts auf deinem Konto angekommen.",
  refund_next_step: "Unser Team meldet sich bei dir, um sie auf anderem Weg zu senden.",

  problem_wrong_pair:
    "Wir haben keine Bestellung mit dieser E-Mail-Adresse und dieser Bestellnummer gefunden.",
  problem_no_session: "Bestätige, wer du bist, um den Chat zu starten.",
  problem_token_expired:
    "Deine Anmeldung im Shop ist abgelaufen. Lade die Seite des Shops neu, um weiterzumachen.",
  problem_token_invalid:
    "Die Anmeldung im Shop konnte nicht bestätigt werden, daher kann der Chat für dieses Konto nicht geöffnet werden.",
  problem_quote_changed: "Dieses Angebot hat sich geändert; sieh dir das neueste an.",
  problem_quote_session_ended: "Die Chatsitzung ist beendet; fordere ein neues Angebot an.",
  problem_rate_limited:
    "Zu viele Versuche. Versuch es in {seconds, plural, one {# Sekunde} other {# Sekunden}} noch einmal.",
  problem_rate_limited_minutes:
    "Zu viele Versuche. Versuch es in {minutes, plural, one {# Minute} other {# Minuten}} noch einmal.",
  problem_invalid_input: "Prüfe deine Eingaben und versuch es noch einmal.",
  problem_other: "Etwas ist schiefgelaufen. Versuch es gleich noch einmal.",
};
