import type { MessageCatalog } from "../../i18n";
import type { PolicyTextKey } from "./en";

export const POLICY_IT: MessageCatalog<PolicyTextKey> = {
  title_overview: "Panoramica",
  title_window: "Termine per il reso",
  title_exclusions: "Articoli che non possiamo rimborsare",
  title_reasons: "Motivi del reso",
  title_fees: "Commissioni di reso",
  title_shipping: "Costi di spedizione",
  title_approval: "Conferma e approvazione di un rimborso",
  title_holds: "Per quanto tempo vale un preventivo",
  title_disputes: "Contestazioni di fatturazione",
  overview_window:
    "Puoi restituire la maggior parte degli articoli entro {days} giorni dalla consegna{hasExceptions, select, yes { ({exceptions})} other {}} e riavere i soldi sul metodo di pagamento usato per l'ordine.",
  window_exception: "{category} entro {days} giorni",
  overview_final_sale: "Non è possibile rimborsare {items} ({section}).",
  final_sale_items: "gli articoli in vendita finale",
  items_marked_final_sale: "gli articoli contrassegnati come vendita finale",
  overview_system:
    "Ogni importo viene calcolato dal nostro sistema di rimborso secondo questa politica, mai stimato da una persona o da un assistente, e un rimborso viene pagato solo dopo i passaggi descritti in {section}.",
  payout:
    "Se {reasons}, ti rimborsiamo {fee, select, none {il prezzo pieno} other {il prezzo meno una commissione del {rate}}}{shipping, select, yes { e la spedizione che hai pagato ({section})} other {}}.",
  payout_others:
    "{scope, select, every {Per qualsiasi motivo} other {Per gli altri motivi}} {fee, select, yes {si applica una commissione di reso ({section})} other {ti rimborsiamo il prezzo pieno}}.",
  window_intro: "Puoi chiedere un rimborso entro {days} giorni dalla consegna.",
  window_category:
    "Per {category} il termine è {length, select, shorter {più breve} longer {più lungo} other {diverso}}: {days} giorni.",
  window_count:
    "Contiamo giorni interi dal momento in cui il tuo ordine è stato consegnato: una richiesta il {days}° giorno dopo la consegna{hasExceptions, select, yes { ({exceptions})} other {}} è ancora in tempo, e dopo quel giorno il termine è chiuso.",
  last_day_exception: "il {days}° giorno per {category}",
  window_not_delivered:
    "Un ordine non ancora consegnato non può essere restituito; contattaci quando arriva.",
  exclusions:
    "Non rimborsiamo mai {items}. Un articolo già rimborsato non può essere rimborsato di nuovo, e possiamo rimborsare solo articoli che fanno parte del tuo ordine.",
  reasons:
    "Dicci perché restituisci un articolo. I motivi che accettiamo sono: è arrivato danneggiato; ti abbiamo inviato l'articolo sbagliato; non è conforme alla descrizione; è troppo piccolo; è troppo grande; oppure non ti serve più. Il motivo determina la commissione di reso ({fees}) e se la spedizione viene rimborsata ({shipping}).",
  fee: "Se {reasons}, {fee, select, none {ti rimborsiamo il prezzo pieno dell''articolo} other {tratteniamo una commissione di reso del {rate} sul prezzo dell''articolo}}.",
  fee_opened: "Per {category} aperti la commissione è del {rate}.",
  fee_per_line:
    "La commissione viene calcolata separatamente per ogni riga di articoli (quantità per prezzo) e arrotondata al centesimo più vicino.",
  shipping_none: "Le spese di spedizione non vengono rimborsate.",
  shipping:
    "Se {reasons}, ti rimborsiamo anche la spedizione che hai pagato per quell'ordine. La spedizione viene rimborsata una volta per ordine, con il primo rimborso di questo tipo. Per qualsiasi altro motivo, la spedizione non viene rimborsata.",
  approval_quote:
    "In chat, prima di rimborsare qualsiasi cosa ti mostriamo un preventivo con ogni articolo, le eventuali commissioni e il totale, e tu confermi esattamente quel preventivo. I rimborsi superiori a {limit} vengono inoltre verificati da una persona del nostro team prima di essere pagati.",
  approval_channels:
    "Le richieste fatte via {channels, select, both {chat o email} other {email}} vengono sempre verificate dal nostro team, qualunque sia l'importo.",
  approval_always: "Se {reasons}, il rimborso viene sempre verificato dal nostro team.",
  approval_above:
    "Se {reasons}, il rimborso viene verificato dal nostro team quando supera {limit}.",
  approval_only_confirmation:
    'Conta solo la tua conferma del preventivo che ti è stato mostrato: un messaggio come "approvo tutti i rimborsi futuri", o una nota secondo cui qualcun altro l\'ha già approvato, non sostituisce questi passaggi.',
  holds:
    "Un preventivo resta valido per {holdMinutes} minuti. Se non lo confermi in questo tempo scade, e puoi semplicemente chiederne uno nuovo. Una chat inattiva da {idleMinutes} minuti si chiude, e il preventivo di una chat chiusa non può più essere accettato.",
  disputes:
    "Se un addebito sul tuo estratto conto sembra sbagliato o compare due volte, indicaci il riferimento dell'addebito (inizia con CH-). Verifichiamo ogni addebito nei nostri registri e apriamo una verifica con gli importi registrati; una persona del nostro team se ne occupa. Aprire una verifica non garantisce di per sé un accredito né una data.",
  cond_damaged: "un articolo è arrivato danneggiato",
  cond_wrong_item: "ti abbiamo inviato l'articolo sbagliato",
  cond_not_as_described: "un articolo non è conforme alla descrizione",
  cond_too_small: "un articolo è troppo piccolo",
  cond_too_large: "un articolo è troppo grande",
  cond_no_longer_needed: "non ti serve più",
  category_electronics: "i prodotti elettronici",
  category_gift_card: "le carte regalo",
  keywords_overview: "politica regole panoramica funziona",
  keywords_window:
    "termine giorni scadenza tempo consegnato consegna elettronica elettronici scaduto quando",
  keywords_exclusions: "carta regalo vendita finale escluso esclusi esclusioni già nuovo due volte",
  keywords_reasons:
    "motivo motivi ragione perché danneggiato rotto crepato sbagliato descrizione piccolo grande taglia serve",
  keywords_fees:
    "commissione commissioni trattenuta trattenere costo percentuale prezzo aperto elettronica quanto importo",
  keywords_shipping: "spedizione spese invio etichetta corriere trasporto",
  keywords_approval:
    "confermare conferma approvare approvazione approvato verifica verificare responsabile team personale chi preventivo attesa aspettare",
  keywords_holds: "scade scadere scaduto valido validità minuti inattiva preventivo",
  keywords_disputes:
    "addebito addebitato contestazione fatturazione fattura estratto doppio due volte sbagliato importo",
};
