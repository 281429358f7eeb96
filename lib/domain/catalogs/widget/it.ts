import type { MessageCatalog } from "../../i18n";
import type { WidgetMessageKey } from "./en";

export const WIDGET_IT: MessageCatalog<WidgetMessageKey> = {
  // The shop page's launcher button and the title of the chat's frame (public/widget.js).
  launcher_open: "Chatta con noi",
  launcher_frame_title: "Chat con l'assistenza",
  header_title: "Chat",
  header_title_shop: "Chatta con {shop}",
  close_chat: "Chiudi la chat",
  language_label: "Lingua",
  opening: "Apertura della chat…",
  unreachable: "La chat non è riuscita a raggiungere il server. Controlla la connessione.",
  token_required:
    "Questo negozio apre la chat solo ai clienti che hanno effettuato l'accesso. Accedi al sito del negozio, poi riapri la chat.",
  session_ended_idle:
    "La tua sessione di chat è terminata dopo 30 minuti di inattività. Conferma chi sei per continuare.",
  session_ended: "La tua sessione di chat è terminata. Conferma chi sei per continuare.",
  language_not_saved: "Non è stato possibile salvare la lingua scelta. Riprova.",

  identity_heading: "Prima di tutto, troviamo il tuo ordine",
  identity_intro:
    "Per fare in modo che solo tu possa vedere i tuoi ordini e rimborsi, inserisci l'indirizzo email con cui hai ordinato e uno dei tuoi numeri d'ordine.",
  email_label: "Indirizzo email",
  order_number_label: "Numero d'ordine",
  order_number_hint: "Lo trovi nell'email di conferma dell'ordine, per esempio A1043.",
  checking: "Verifica in corso…",
  start_chat: "Inizia la chat",

  loading_conversation: "Caricamento della conversazione…",
  new_session_started:
    "È iniziata una nuova sessione; rispondi di nuovo al preventivo se lo vuoi ancora.",
  conversation_label: "Conversazione",
  greeting: "Ciao {name}! Raccontaci cosa non va con il tuo ordine e lo sistemiamo.",
  reconnecting: "Riconnessione… i messaggi ricevuti nel frattempo compariranno qui.",
  typing: "L'assistenza sta scrivendo…",
  you_said: "Hai scritto",
  support_said: "L'assistenza ha scritto",
  support_team_said: "Il team di assistenza ha scritto",

  image_described: "[immagine: {alt}]",
  image: "[immagine]",
  message_label: "Il tuo messaggio",
  message_hint: "{count} / {max} caratteri. Invio per inviare, Maiusc+Invio per andare a capo.",
  message_placeholder: "Scrivi un messaggio…",
  send: "Invia",
  write_first: "Scrivi prima un messaggio.",
  message_too_long: "I messaggi possono essere lunghi al massimo {max} caratteri.",

  quote_heading: "Preventivo di rimborso · ordine {order}",
  quote_reason: "Motivo: {reason}",
  quote_table_caption: "Importi del rimborso per l'ordine {order}",
  column_item: "Articolo",
  column_price: "Prezzo",
  column_fee: "Commissione",
  shipping: "Spedizione",
  no_fee: "nessuna",
  refund_total: "Rimborso",
  refund_to: "Su {target}",
  return_fees_label: "Commissioni di reso",
  refused_lines_heading: "Non incluso:",
  assumed_reason_lead:
    "Non ci hai detto perché lo restituisci, quindi questo preventivo presuppone:",
  // Closes the sentence whose end is the assumed reason, shown in bold.
  assumed_reason_end: ".",
  assumed_reason_tail: "Se non è così, dimmi il motivo invece di confermare.",
  confirm_refund: "Conferma il rimborso di {amount}",
  decline: "Rifiuta",
  fresh_quote_button: "Chiedi un nuovo preventivo",
  fresh_quote_asked: "Hai chiesto un nuovo preventivo per questi articoli.",

  status_held: "Riservato per te fino alle {time}. Nulla viene rimborsato finché non confermi.",
  status_suspended:
    "In pausa mentre rispondiamo alla tua domanda. Scrivi «vai pure» quando vuoi continuare.",
  status_awaiting_approval:
    "Hai confermato. I rimborsi di questo importo vengono approvati da un membro del team; ti aggiorneremo qui.",
  status_approved: "Approvato. Il rimborso è in lavorazione.",
  status_declined: "Hai rifiutato questo preventivo. Non è stato rimborsato nulla.",
  status_rejected:
    "Il nostro team non ha approvato questo rimborso. La risposta qui sotto spiega il perché.",
  status_outdated: "Questo preventivo non è più valido: {why} {invitation}",
  fresh_quote_invitation:
    "Con questo preventivo non è stato rimborsato nulla. Chiedi un nuovo preventivo e verificherò cosa si può ancora rimborsare.",
  status_expired:
    "Questo preventivo è scaduto senza risposta e non può più essere confermato. Chiedi un nuovo preventivo per gli stessi articoli.",
  status_superseded:
    "Sostituito dalla tua richiesta più recente. Questo preventivo non può più essere confermato.",
  status_failed: "Non è stato possibile completare il rimborso. Il nostro team è stato avvisato.",
  status_needs_reconciliation:
    "Il nostro team sta verificando questo rimborso con il fornitore dei pagamenti.",
  refund_paid: "Rimborsati {amount} su {target}.",
  refund_processing:
    "In lavorazione: inviato su {target}, non ancora sul tuo conto. Ti avviseremo qui appena il gestore dei pagamenti lo conferma.",
  refund_came_back: "Alla fine questo rimborso non ti è arrivato; il denaro è tornato a noi.",
  refund_came_back_because:
    "Alla fine questo rimborso non ti è arrivato ({why}); il denaro è tornato a noi.",
  refund_not_through:
    "Questo rimborso non è andato a buon fine, quindi sul tuo conto non è arrivato nulla.",
  refund_not_through_because:
    "Questo rimborso non è andato a buon fine ({why}), quindi sul tuo conto non è arrivato nulla.",
  refund_next_step: "Il nostro team ti contatterà per inviartelo in un altro modo.",

  problem_wrong_pair:
    "Non abbiamo trovato nessun ordine con questo indirizzo email e questo numero d'ordine.",
  problem_no_session: "Conferma chi sei per iniziare a chattare.",
  problem_token_expired:
    "Il tuo accesso al negozio è scaduto. Ricarica la pagina del negozio per continuare.",
  problem_token_invalid:
    "Non è stato possibile verificare l'accesso al negozio, quindi la chat non può aprirsi per questo account.",
  problem_quote_changed: "Questo preventivo è cambiato; guarda quello più recente.",
  problem_quote_session_ended: "La sessione di chat è terminata; chiedi un nuovo preventivo.",
  problem_rate_limited:
    "Troppi tentativi. Riprova tra {seconds, plural, one {# secondo} other {# secondi}}.",
  problem_rate_limited_minutes:
    "Troppi tentativi. Riprova tra {minutes, plural, one {# minuto} other {# minuti}}.",
  problem_invalid_input: "Controlla quello che hai inserito e riprova.",
  problem_other: "Qualcosa è andato storto. Riprova tra un momento.",
};
