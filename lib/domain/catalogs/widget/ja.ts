import type { MessageCatalog } from "../../i18n";
import type { WidgetMessageKey } from "./en";

export const WIDGET_JA: MessageCatalog<WidgetMessageKey> = {
  // The shop page's launcher button and the title of the chat's frame (public/widget.js).
  launcher_open: "チャットで問い合わせる",
  launcher_frame_title: "サポートとのチャット",
  header_title: "チャット",
  header_title_shop: "{shop}とのチャット",
  close_chat: "チャットを閉じる",
  language_label: "言語",
  opening: "チャットを開いています…",
  unreachable: "チャットがサーバーに接続できませんでした。接続状況をご確認ください。",
  token_required:
    "このショップのチャットはログイン中のお客様のみご利用いただけます。ショップのサイトでログインしてから、もう一度チャットを開いてください。",
  session_ended_idle:
    "30分間操作がなかったため、チャットのセッションが終了しました。続けるには本人確認をしてください。",
  session_ended: "チャットのセッションが終了しました。続けるには本人確認をしてください。",
  language_not_saved: "言語の選択を保存できませんでした。もう一度お試しください。",

  identity_heading: "まず、ご注文をお探しします",
  identity_intro:
    "ご注文と返金をお客様ご本人だけがご覧になれるよう、ご注文時のメールアドレスと注文番号をひとつ入力してください。",
  email_label: "メールアドレス",
  order_number_label: "注文番号",
  order_number_hint: "ご注文確認メールに記載されています（例：A1043）。",
  checking: "確認しています…",
  start_chat: "チャットを始める",

  loading_conversation: "会話を読み込んでいます…",
  new_session_started:
    "新しいセッションが始まりました。引き続きご希望の場合は、見積もりにもう一度お答えください。",
  conversation_label: "会話",
  greeting: "{name}様、こんにちは。ご注文で何がありましたか？お知らせいただければ対応いたします。",
  reconnecting: "再接続しています…その間に届いたメッセージはここに表示されます。",
  typing: "サポートが入力しています…",
  you_said: "あなたのメッセージ",
  support_said: "サポートのメッセージ",
  support_team_said: "サポートチームのメッセージ",

  image_described: "[画像：{alt}]",
  image: "[画像]",
  message_label: "メッセージ",
  message_hint: "{count} / {max} 文字。Enterで送信、Shift+Enterで改行します。",
  message_placeholder: "メッセージを入力…",
  send: "送信",
  write_first: "先にメッセージを入力してください。",
  message_too_long: "メッセージは{max}文字以内でお願いします。",

  quote_heading: "返金見積もり · 注文 {order}",
  quote_reason: "理由：{reason}",
  quote_table_caption: "注文 {order} の返金額",
  column_item: "商品",
  column_price: "価格",
  column_fee: "手数料",
  shipping: "送料",
  no_fee: "なし",
  refund_total: "返金額",
  refund_to: "返金先：{target}",
  return_fees_label: "返品手数料",
  refused_lines_heading: "対象外：",
  assumed_reason_lead: "返品の理由を伺っていないため、この見積もりは次の理由を前提としています：",
  // Closes the sentence whose end is the assumed reason, shown in bold.
  assumed_reason_end: "。",
  assumed_reason_tail: "違う場合は、確定せずに理由をお知らせください。",
  confirm_refund: "{amount}の返金を確定する",
  decline: "お断りする",
  fresh_quote_button: "新しい見積もりを依頼する",
  fresh_quote_asked: "これらの商品について新しい見積もりを依頼しました。",

  status_held: "{time}までお取り置きしています。確定されるまで返金は行われません。",
  status_suspended:
    "ご質問にお答えする間、一時停止しています。続ける場合は「進めてください」とお伝えください。",
  status_awaiting_approval:
    "確定を承りました。この金額の返金はチームの担当者が承認します。結果はこちらでお知らせします。",
  status_approved: "承認されました。返金を処理しています。",
  status_declined: "この見積もりをお断りになりました。返金は行われていません。",
  status_rejected: "この返金はチームにより承認されませんでした。理由は下の返信でご説明しています。",
  status_outdated: "この見積もりは無効になりました：{why} {invitation}",
  fresh_quote_invitation:
    "この見積もりでは何も返金されていません。新しい見積もりをご依頼いただければ、まだ返金できるものを確認いたします。",
  status_expired:
    "この見積もりはお返事がないまま期限切れとなったため、確定できなくなりました。同じ商品の新しい見積もりをご依頼ください。",
  status_superseded: "新しいご依頼に置き換えられました。この見積もりは確定できなくなりました。",
  status_failed: "返金を完了できませんでした。チームに連絡済みです。",
  status_needs_reconciliation: "チームがこの返金について決済事業者に確認しています。",
  refund_paid: "{amount}を{target}に返金しました。",
  refund_processing:
    "処理中：{target}に送金しましたが、まだお客様の口座には反映されていません。決済代行会社の確認が取れ次第、こちらでお知らせします。",
  refund_came_back: "この返金は結局お客様に届かず、返金額は当社に戻りました。",
  refund_came_back_because: "この返金は結局お客様に届かず（{why}）、返金額は当社に戻りました。",
  refund_not_through: "この返金は完了しなかったため、お客様の口座には何も届いていません。",
  refund_not_through_because:
    "この返金は完了しなかったため（{why}）、お客様の口座には何も届いていません。",
  refund_next_step: "別の方法でお送りするため、チームからご連絡いたします。",

  problem_wrong_pair: "そのメールアドレスと注文番号に一致するご注文が見つかりませんでした。",
  problem_no_session: "チャットを始めるには本人確認をしてください。",
  problem_token_expired:
    "ショップへのログインの有効期限が切れました。続けるにはショップのページを再読み込みしてください。",
  problem_token_invalid:
    "ショップへのログインを確認できなかったため、このアカウントではチャットを開けません。",
  problem_quote_changed: "この見積もりは変更されました。最新の見積もりをご確認ください。",
  problem_quote_session_ended:
    "チャットのセッションが終了しました。新しい見積もりをご依頼ください。",
  problem_rate_limited:
    "試行回数が多すぎます。{seconds, plural, other {#秒}}後にもう一度お試しください。",
  problem_rate_limited_minutes:
    "試行回数が多すぎます。{minutes, plural, other {#分}}後にもう一度お試しください。",
  problem_invalid_input: "入力内容をご確認のうえ、もう一度お試しください。",
  problem_other: "問題が発生しました。しばらくしてからもう一度お試しください。",
};
