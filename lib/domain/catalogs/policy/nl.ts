import type { MessageCatalog } from "../../i18n";
import type { PolicyTextKey } from "./en";

export const POLICY_NL: MessageCatalog<PolicyTextKey> = {
  title_overview: "Overzicht",
  title_window: "Retourtermijn",
  title_exclusions: "Artikelen die we niet kunnen terugbetalen",
  title_reasons: "Redenen voor een retour",
  title_fees: "Retourkosten",
  title_shipping: "Verzendkosten",
  title_approval: "Een terugbetaling bevestigen en goedkeuren",
  title_holds: "Hoe lang een offerte geldig is",
  title_disputes: "Factuurgeschillen",
  overview_window:
    "Je kunt de meeste artikelen binnen {days} dagen na levering retourneren{hasExceptions, select, yes { ({exceptions})} other {}} en je geld terugkrijgen op de betaalmethode die je voor de bestelling hebt gebruikt.",
  window_exception: "{category} binnen {days} dagen",
  overview_final_sale: "{items} kunnen niet worden terugbetaald ({section}).",
  final_sale_items: "final-sale-artikelen",
  items_marked_final_sale: "artikelen gemarkeerd als final sale",
  overview_system:
    "Elk bedrag wordt door ons terugbetalingssysteem volgens dit beleid berekend, nooit door een persoon of assistent geschat, en een terugbetaling wordt pas uitbetaald na de stappen in {section}.",
  payout:
    "Als {reasons}, krijg je {fee, select, none {de volledige prijs} other {de prijs min {rate} kosten}}{shipping, select, yes { en de betaalde verzendkosten ({section})} other {}} terug.",
  payout_others:
    "{scope, select, every {Bij elke reden} other {Bij andere redenen}} {fee, select, yes {gelden retourkosten ({section})} other {krijg je de volledige prijs terug}}.",
  window_intro: "Je kunt binnen {days} dagen na levering om een terugbetaling vragen.",
  window_category:
    "Voor {category} geldt een {length, select, shorter {kortere termijn} longer {langere termijn} other {termijn}} van {days} dagen.",
  window_count:
    "We tellen hele dagen vanaf het moment dat je bestelling is geleverd: een verzoek op dag {days} na levering{hasExceptions, select, yes { ({exceptions})} other {}} is nog op tijd, en na die dag is de termijn gesloten.",
  last_day_exception: "dag {days} voor {category}",
  window_not_delivered:
    "Een bestelling die nog niet is geleverd, kan niet worden geretourneerd; neem contact met ons op zodra die binnen is.",
  exclusions:
    "{items} worden nooit terugbetaald. Een artikel dat al is terugbetaald, kan niet nog een keer worden terugbetaald, en we kunnen alleen artikelen terugbetalen die bij je bestelling horen.",
  reasons:
    "Vertel ons waarom je een artikel terugstuurt. Deze redenen accepteren we: het is beschadigd aangekomen; we hebben het verkeerde artikel gestuurd; het komt niet overeen met de beschrijving; het is te klein; het is te groot; of je hebt het niet meer nodig. De reden bepaalt de retourkosten ({fees}) en of de verzendkosten worden terugbetaald ({shipping}).",
  fee: "Als {reasons}, {fee, select, none {krijg je de volledige prijs van het artikel terug} other {houden we {rate} van de prijs van het artikel in als retourkosten}}.",
  fee_opened: "Voor geopende {category} zijn de kosten {rate}.",
  fee_per_line:
    "De kosten worden per artikelregel (aantal maal prijs) apart berekend en afgerond op de dichtstbijzijnde cent.",
  shipping_none: "Verzendkosten worden niet terugbetaald.",
  shipping:
    "Als {reasons}, betalen we ook de verzendkosten terug die je voor die bestelling hebt betaald. Verzendkosten worden één keer per bestelling terugbetaald, bij de eerste terugbetaling van dat soort. Bij elke andere reden worden verzendkosten niet terugbetaald.",
  approval_quote:
    "In de chat laten we je, voordat we iets terugbetalen, een offerte zien met elk artikel, eventuele kosten en het totaal, en jij bevestigt precies die offerte. Terugbetalingen boven {limit} worden bovendien door iemand van ons team gecontroleerd voordat ze worden uitbetaald.",
  approval_channels:
    "Verzoeken via {channels, select, both {chat of e-mail} other {e-mail}} worden altijd door ons team gecontroleerd, ongeacht het bedrag.",
  approval_always: "Als {reasons}, controleert ons team de terugbetaling altijd.",
  approval_above:
    "Als {reasons}, controleert ons team de terugbetaling wanneer die boven {limit} ligt.",
  approval_only_confirmation:
    'Alleen jouw bevestiging van de offerte die je te zien kreeg telt: een bericht als "ik keur alle toekomstige terugbetalingen goed", of een melding dat iemand anders het al heeft goedgekeurd, vervangt deze stappen niet.',
  holds:
    "Een offerte blijft {holdMinutes} minuten staan. Als je die in die tijd niet bevestigt, verloopt hij en kun je gewoon om een nieuwe offerte vragen. Een chat die {idleMinutes} minuten inactief is, wordt beëindigd, en een offerte uit een beëindigde chat kan niet meer worden geaccepteerd.",
  disputes:
    "Als een afschrijving op je afschrift niet klopt of twee keer voorkomt, geef ons dan de referentie van de afschrijving (die begint met CH-). We controleren elke afschrijving in onze administratie en openen een controle met de bedragen daaruit; iemand van ons team handelt het verder af. Het openen van een controle belooft op zich nog geen tegoed of datum.",
  cond_damaged: "een artikel beschadigd is aangekomen",
  cond_wrong_item: "we het verkeerde artikel hebben gestuurd",
  cond_not_as_described: "een artikel niet overeenkomt met de beschrijving",
  cond_too_small: "een artikel te klein is",
  cond_too_large: "een artikel te groot is",
  cond_no_longer_needed: "je het niet meer nodig hebt",
  category_electronics: "elektronica",
  category_gift_card: "cadeaukaarten",
  keywords_overview: "beleid regels overzicht werkt",
  keywords_window:
    "termijn retourtermijn dagen laat deadline tijd geleverd levering elektronica verlopen wanneer",
  keywords_exclusions:
    "cadeaukaart cadeaubon final sale uitgesloten uitzonderingen opnieuw twee keer",
  keywords_reasons:
    "reden redenen waarom beschadigd kapot gebarsten verkeerd beschrijving klein groot maat past nodig",
  keywords_fees:
    "kosten retourkosten ingehouden inhouden procent prijs geopend elektronica hoeveel bedrag",
  keywords_shipping: "verzending verzendkosten porto levering sturen label vracht",
  keywords_approval:
    "bevestigen bevestiging goedkeuren goedkeuring goedgekeurd controle controleren manager team medewerker wie offerte wachten",
  keywords_holds: "verloopt verlopen geldig minuten inactief offerte",
  keywords_disputes:
    "afschrijving afgeschreven geschil factuur afschrift dubbel twee keer verkeerd bedrag",
};
