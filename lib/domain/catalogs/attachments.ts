import { defineCatalogs } from "../i18n";

/*
 * What the customer is told about files: the widget's attach control, why a file was refused
 * (one text per refusal reason in lib/domain/attachments.ts), and the agent's request for a photo
 * of a damaged or wrong item.
 */
export const ATTACHMENT_CATALOGS = defineCatalogs(
  {
    attach_label: "Attach a photo or PDF",
    sent_files: "Files you sent",
    chosen_files: "Files to send",
    remove_file: "Remove {name}",
    sending_files: "Sending your files…",
    photo_alt: "Photo you sent: {name}",
    pdf_link: "PDF you sent: {name}",
    refused_empty: "{name} is empty.",
    refused_too_large: "{name} is larger than {megabytes} MB.",
    refused_too_many_files: "{name} was not sent: at most {count} files per message.",
    refused_unsupported_type: "{name} is not a JPEG, PNG or WebP photo or a PDF.",
    refused_too_many_pixels: "{name} has too many pixels; send a smaller photo.",
    refused_unreadable: "{name} could not be read.",
    refused_active_content: "{name} contains scripts or embedded files, so it was not accepted.",
    photo_request:
      "If you can, please send a photo of the item with the attach button, or attach it to an email. It helps our team.",
  },
  {
    es: {
      attach_label: "Adjuntar una foto o un PDF",
      sent_files: "Archivos que enviaste",
      chosen_files: "Archivos para enviar",
      remove_file: "Quitar {name}",
      sending_files: "Enviando tus archivos…",
      photo_alt: "Foto que enviaste: {name}",
      pdf_link: "PDF que enviaste: {name}",
      refused_empty: "{name} está vacío.",
      refused_too_large: "{name} pesa más de {megabytes} MB.",
      refused_too_many_files: "{name} no se envió: como máximo {count} archivos por mensaje.",
      refused_unsupported_type: "{name} no es una foto JPEG, PNG o WebP ni un PDF.",
      refused_too_many_pixels: "{name} tiene demasiados píxeles; envía una foto más pequeña.",
      refused_unreadable: "No se pudo leer {name}.",
      refused_active_content:
        "{name} contiene scripts o archivos incrustados, así que no se aceptó.",
      photo_request:
        "Si puedes, envía una foto del artículo con el botón de adjuntar, o adjúntala a un correo. Ayuda a nuestro equipo.",
    },
    de: {
      attach_label: "Foto oder PDF anhängen",
      sent_files: "Von dir gesendete Dateien",
      chosen_files: "Zu sendende Dateien",
      remove_file: "{name} entfernen",
      sending_files: "Deine Dateien werden gesendet…",
      photo_alt: "Von dir gesendetes Foto: {name}",
      pdf_link: "Von dir gesendetes PDF: {name}",
      refused_empty: "{name} ist leer.",
      refused_too_large: "{name} ist größer als {megabytes} MB.",
      refused_too_many_files:
        "{name} wurde nicht gesendet: höchstens {count} Dateien pro Nachricht.",
      refused_unsupported_type: "{name} ist kein JPEG-, PNG- oder WebP-Foto und kein PDF.",
      refused_too_many_pixels: "{name} hat zu viele Pixel; sende ein kleineres Foto.",
      refused_unreadable: "{name} konnte nicht gelesen werden.",
      refused_active_content:
        "{name} enthält Skripte oder eingebettete Dateien und wurde daher nicht angenommen.",
      photo_request:
        "Falls möglich, sende bitte ein Foto des Artikels über die Schaltfläche neben dem Textfeld oder als Anhang einer E-Mail. Das hilft unserem Team.",
    },
    fr: {
      attach_label: "Joindre une photo ou un PDF",
      sent_files: "Fichiers que vous avez envoyés",
      chosen_files: "Fichiers à envoyer",
      remove_file: "Retirer {name}",
      sending_files: "Envoi de vos fichiers…",
      photo_alt: "Photo que vous avez envoyée : {name}",
      pdf_link: "PDF que vous avez envoyé : {name}",
      refused_empty: "{name} est vide.",
      refused_too_large: "{name} dépasse {megabytes} Mo.",
      refused_too_many_files: "{name} n'a pas été envoyé : {count} fichiers au plus par message.",
      refused_unsupported_type: "{name} n'est ni une photo JPEG, PNG ou WebP, ni un PDF.",
      refused_too_many_pixels: "{name} a trop de pixels ; envoyez une photo plus petite.",
      refused_unreadable: "{name} n'a pas pu être lu.",
      refused_active_content:
        "{name} contient des scripts ou des fichiers intégrés ; il n'a donc pas été accepté.",
      photo_request:
        "Si vous le pouvez, envoyez une photo de l'article avec le bouton de pièce jointe, ou joignez-la à un e-mail. Cela aide notre équipe.",
    },
    pt: {
      attach_label: "Anexar uma foto ou um PDF",
      sent_files: "Arquivos que você enviou",
      chosen_files: "Arquivos para enviar",
      remove_file: "Remover {name}",
      sending_files: "Enviando seus arquivos…",
      photo_alt: "Foto que você enviou: {name}",
      pdf_link: "PDF que você enviou: {name}",
      refused_empty: "{name} está vazio.",
      refused_too_large: "{name} tem mais de {megabytes} MB.",
      refused_too_many_files: "{name} não foi enviado: no máximo {count} arquivos por mensagem.",
      refused_unsupported_type: "{name} não é uma foto JPEG, PNG ou WebP nem um PDF.",
      refused_too_many_pixels: "{name} tem pixels demais; envie uma foto menor.",
      refused_unreadable: "Não foi possível ler {name}.",
      refused_active_content:
        "{name} contém scripts ou arquivos incorporados, por isso não foi aceito.",
      photo_request:
        "Se puder, envie uma foto do item com o botão de anexar, ou anexe-a a um e-mail. Isso ajuda nossa equipe.",
    },
    it: {
      attach_label: "Allega una foto o un PDF",
      sent_files: "File che hai inviato",
      chosen_files: "File da inviare",
      remove_file: "Rimuovi {name}",
      sending_files: "Invio dei tuoi file…",
      photo_alt: "Foto che hai inviato: {name}",
      pdf_link: "PDF che hai inviato: {name}",
      refused_empty: "{name} è vuoto.",
      refused_too_large: "{name} supera {megabytes} MB.",
      refused_too_many_files: "{name} non è stato inviato: al massimo {count} file per messaggio.",
      refused_unsupported_type: "{name} non è una foto JPEG, PNG o WebP né un PDF.",
      refused_too_many_pixels: "{name} ha troppi pixel; invia una foto più piccola.",
      refused_unreadable: "Non è stato possibile leggere {name}.",
      refused_active_content:
        "{name} contiene script o file incorporati, quindi non è stato accettato.",
      photo_request:
        "Se puoi, invia una foto dell'articolo con il pulsante per allegare, oppure allegala a un'email. Aiuta il nostro team.",
    },
    nl: {
      attach_label: "Foto of pdf bijvoegen",
      sent_files: "Bestanden die je stuurde",
      chosen_files: "Te versturen bestanden",
      remove_file: "{name} verwijderen",
      sending_files: "Je bestanden worden verstuurd…",
      photo_alt: "Foto die je stuurde: {name}",
      pdf_link: "Pdf die je stuurde: {name}",
      refused_empty: "{name} is leeg.",
      refused_too_large: "{name} is groter dan {megabytes} MB.",
      refused_too_many_files: "{name} is niet verstuurd: hoogstens {count} bestanden per bericht.",
      refused_unsupported_type: "{name} is geen JPEG-, PNG- of WebP-foto en geen pdf.",
      refused_too_many_pixels: "{name} heeft te veel pixels; stuur een kleinere foto.",
      refused_unreadable: "{name} kon niet worden gelezen.",
      refused_active_content:
        "{name} bevat scripts of ingesloten bestanden en is daarom niet aangenomen.",
      photo_request:
        "Als het kan, stuur dan een foto van het artikel met de knop om bij te voegen, of voeg hem toe aan een e-mail. Dat helpt ons team.",
    },
    ja: {
      attach_label: "写真またはPDFを添付",
      sent_files: "送信したファイル",
      chosen_files: "送信するファイル",
      remove_file: "{name}を削除",
      sending_files: "ファイルを送信しています…",
      photo_alt: "送信した写真: {name}",
      pdf_link: "送信したPDF: {name}",
      refused_empty: "{name}は空です。",
      refused_too_large: "{name}は{megabytes} MBを超えています。",
      refused_too_many_files: "{name}は送信されませんでした。1通あたり最大{count}ファイルです。",
      refused_unsupported_type: "{name}はJPEG・PNG・WebPの写真でもPDFでもありません。",
      refused_too_many_pixels: "{name}は画素数が多すぎます。小さい写真を送ってください。",
      refused_unreadable: "{name}を読み取れませんでした。",
      refused_active_content:
        "{name}にはスクリプトまたは埋め込みファイルが含まれているため、受け付けませんでした。",
      photo_request:
        "可能であれば、添付ボタンで商品の写真を送るか、メールに添付してください。担当チームの助けになります。",
    },
  },
);

export type AttachmentMessageKey = keyof (typeof ATTACHMENT_CATALOGS)["en"];
