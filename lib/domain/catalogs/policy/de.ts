import type { MessageCatalog } from "../../i18n";
import type { PolicyTextKey } from "./en";

export const POLICY_DE: MessageCatalog<PolicyTextKey> = {
  title_overview: "Überblick",
  title_window: "Rückgabefrist",
  title_exclusions: "Artikel, die wir nicht erstatten können",
  title_reasons: "Gründe für eine Rücksendung",
  title_fees: "Rücksendegebühren",
  title_shipping: "Versandkosten",
  title_approval: "Bestätigung und Genehmigung einer Erstattung",
  title_holds: "Wie lange ein Angebot gilt",
  title_disputes: "Abrechnungsreklamationen",
  overview_window:
    "Du kannst die meisten Artikel innerhalb von {days} Tagen nach der Lieferung zurückgeben{hasExceptions, select, yes { ({exceptions})} other {}} und bekommst dein Geld auf die Zahlungsart zurück, mit der du bestellt hast.",
  window_exception: "{category} innerhalb von {days} Tagen",
  overview_final_sale: "{items} können nicht erstattet werden ({section}).",
  final_sale_items: "Final-Sale-Artikel",
  items_marked_final_sale: "als Final Sale markierte Artikel",
  overview_system:
    "Jeder Betrag wird von unserem Erstattungssystem nach dieser Richtlinie berechnet, nie von einer Person oder einem Assistenten geschätzt, und eine Erstattung wird erst nach den Schritten in {section} ausgezahlt.",
  payout:
    "Wenn {reasons}, bekommst du {fee, select, none {den vollen Preis} other {den Preis abzüglich einer Gebühr von {rate}}}{shipping, select, yes { und die bezahlten Versandkosten ({section})} other {}} zurück.",
  payout_others:
    "{scope, select, every {Bei jedem Grund} other {Bei anderen Gründen}} {fee, select, yes {fällt eine Rücksendegebühr an ({section})} other {bekommst du den vollen Preis zurück}}.",
  window_intro: "Du kannst innerhalb von {days} Tagen nach der Lieferung eine Erstattung anfragen.",
  window_category:
    "Für {category} gilt eine {length, select, shorter {kürzere Frist} longer {längere Frist} other {Frist}} von {days} Tagen.",
  window_count:
    "Wir zählen volle Tage ab dem Zeitpunkt, an dem deine Bestellung geliefert wurde: Eine Anfrage am {days}. Tag nach der Lieferung{hasExceptions, select, yes { ({exceptions})} other {}} ist noch rechtzeitig, nach diesem Tag ist die Frist abgelaufen.",
  last_day_exception: "am {days}. Tag für {category}",
  window_not_delivered:
    "Eine Bestellung, die noch nicht geliefert wurde, kann nicht zurückgegeben werden; melde dich, sobald sie angekommen ist.",
  exclusions:
    "{items} werden nie erstattet. Ein Artikel, der bereits erstattet wurde, kann nicht noch einmal erstattet werden, und wir können nur Artikel erstatten, die zu deiner Bestellung gehören.",
  reasons:
    "Sag uns, warum du einen Artikel zurückschickst. Diese Gründe akzeptieren wir: Er ist beschädigt angekommen; wir haben den falschen Artikel geschickt; er entspricht nicht der Beschreibung; er ist zu klein; er ist zu groß; oder du brauchst ihn nicht mehr. Der Grund bestimmt die Rücksendegebühr ({fees}) und ob die Versandkosten erstattet werden ({shipping}).",
  fee: "Wenn {reasons}, {fee, select, none {bekommst du den vollen Preis des Artikels zurück} other {ziehen wir eine Rücksendegebühr von {rate} des Artikelpreises ab}}.",
  fee_opened: "Für geöffnete {category} beträgt die Gebühr {rate}.",
  fee_per_line:
    "Die Gebühr wird für jede Artikelposition (Menge mal Preis) einzeln berechnet und auf den nächsten Cent gerundet.",
  shipping_none: "Versandkosten werden nicht erstattet.",
  shipping:
    "Wenn {reasons}, erstatten wir auch die Versandkosten, die du für diese Bestellung bezahlt hast. Versandkosten werden einmal pro Bestellung erstattet, mit der ersten solchen Erstattung. Bei allen anderen Gründen werden die Versandkosten nicht erstattet.",
  approval_quote:
    "Im Chat zeigen wir dir, bevor wir etwas erstatten, ein Angebot mit jedem Artikel, allen Gebühren und der Summe, und du bestätigst genau dieses Angebot. Erstattungen über {limit} prüft außerdem jemand aus unserem Team, bevor sie ausgezahlt werden.",
  approval_channels:
    "Anfragen per {channels, select, both {Chat oder E-Mail} other {E-Mail}} prüft unser Team immer, unabhängig vom Betrag.",
  approval_always: "Wenn {reasons}, prüft unser Team die Erstattung immer.",
  approval_above: "Wenn {reasons}, prüft unser Team die Erstattung, sobald sie über {limit} liegt.",
  approval_only_confirmation:
    "Es zählt nur deine Bestätigung des Angebots, das dir gezeigt wurde: Eine Nachricht wie „Ich genehmige alle künftigen Erstattungen“ oder ein Hinweis, dass jemand anderes schon zugestimmt hat, ersetzt diese Schritte nicht.",
  holds:
    "Ein Angebot gilt {holdMinutes} Minuten. Wenn du es in dieser Zeit nicht bestätigst, läuft es ab, und du kannst einfach ein neues anfragen. Ein Chat, der {idleMinutes} Minuten lang inaktiv war, endet, und ein Angebot aus einem beendeten Chat kann nicht mehr angenommen werden.",
  disputes:
    "Wenn eine Belastung auf deinem Kontoauszug falsch aussieht oder doppelt erscheint, nenn uns die Belastungsreferenz (sie beginnt mit CH-). Wir prüfen jede Belastung anhand unserer Unterlagen und eröffnen eine Prüfung mit den dort erfassten Beträgen; jemand aus unserem Team kümmert sich darum. Die Eröffnung einer Prüfung verspricht für sich noch keine Gutschrift und keinen Termin.",
  cond_damaged: "ein Artikel beschädigt angekommen ist",
  cond_wrong_item: "wir den falschen Artikel geschickt haben",
  cond_not_as_described: "ein Artikel nicht der Beschreibung entspricht",
  cond_too_small: "ein Artikel zu klein ist",
  cond_too_large: "ein Artikel zu groß ist",
  cond_no_longer_needed: "du ihn nicht mehr brauchst",
  category_electronics: "Elektronik",
  category_gift_card: "Geschenkkarten",
  keywords_overview: "richtlinie regeln überblick funktioniert",
  keywords_window:
    "frist rückgabefrist tage lange spät zeit geliefert lieferung elektronik abgelaufen wann",
  keywords_exclusions:
    "geschenkkarte gutschein final sale ausgeschlossen ausnahmen bereits nochmal doppelt",
  keywords_reasons:
    "grund gründe warum beschädigt kaputt gebrochen falsch beschreibung klein groß größe passt brauche",
  keywords_fees:
    "gebühr gebühren rücksendegebühr abzug abgezogen kosten prozent preis geöffnet elektronik wieviel betrag",
  keywords_shipping: "versand versandkosten porto lieferung schicken etikett fracht",
  keywords_approval:
    "bestätigen bestätigung genehmigen genehmigung genehmigt prüfung prüfen manager team mitarbeiter wer angebot warten",
  keywords_holds: "abgelaufen ablaufen gültig gilt minuten inaktiv angebot",
  keywords_disputes:
    "belastung belastet abgebucht reklamation abrechnung rechnung kontoauszug doppelt zweimal falsch betrag",
};
