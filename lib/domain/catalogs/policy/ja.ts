import type { MessageCatalog } from "../../i18n";
import type { PolicyTextKey } from "./en";

export const POLICY_JA: MessageCatalog<PolicyTextKey> = {
  title_overview: "概要",
  title_window: "返品期限",
  title_exclusions: "返金できない商品",
  title_reasons: "返品の理由",
  title_fees: "返品手数料",
  title_shipping: "送料",
  title_approval: "返金の確定と承認",
  title_holds: "お見積もりの有効期間",
  title_disputes: "請求に関するお問い合わせ",
  overview_window:
    "ほとんどの商品は、お届けから{days}日以内{hasExceptions, select, yes {（{exceptions}）} other {}}であれば返品でき、ご注文時のお支払い方法に返金されます。",
  window_exception: "{category}は{days}日以内",
  overview_final_sale: "{items}は返金できません（{section}）。",
  final_sale_items: "最終セール品",
  items_marked_final_sale: "最終セールと表示された商品",
  overview_system:
    "すべての金額はこのポリシーに基づいて当社の返金システムが計算するもので、担当者やアシスタントが推測することはありません。返金は{section}の手順を経てからお支払いします。",
  payout:
    "{reasons}場合は、{fee, select, none {商品代金の全額} other {商品代金から{rate}の手数料を差し引いた額}}{shipping, select, yes {とお支払いいただいた送料（{section}）} other {}}を返金します。",
  payout_others:
    "{scope, select, every {どの理由でも} other {その他の理由では}}、{fee, select, yes {返品手数料がかかります（{section}）} other {商品代金の全額を返金します}}。",
  window_intro: "お届けから{days}日以内であれば返金をお申し込みいただけます。",
  window_category:
    "{category}の返品期限は{length, select, shorter {短く} longer {長く} other {別に定められ}}、{days}日です。",
  window_count:
    "日数はご注文のお届け時点から丸一日単位で数えます。お届けから{days}日目{hasExceptions, select, yes {（{exceptions}）} other {}}のお申し込みまでは期限内で、その日を過ぎると期限切れとなります。",
  last_day_exception: "{category}は{days}日目",
  window_not_delivered:
    "まだお届けしていないご注文は返品できません。商品が届いてからご連絡ください。",
  exclusions:
    "{items}は返金いたしません。すでに返金済みの商品を再度返金することはできず、返金できるのはご注文に含まれる商品のみです。",
  reasons:
    "商品を返品する理由をお知らせください。受け付けている理由は、破損して届いた、誤った商品が届いた、説明と異なる、小さすぎる、大きすぎる、不要になった、のいずれかです。理由によって返品手数料（{fees}）と送料の返金の有無（{shipping}）が決まります。",
  fee: "{reasons}場合は、{fee, select, none {商品代金の全額を返金します} other {商品代金の{rate}を返品手数料として差し引きます}}。",
  fee_opened: "開封済みの{category}の手数料は{rate}です。",
  fee_per_line: "手数料は商品の行ごと（数量×価格）に計算し、最も近いセント単位に四捨五入します。",
  shipping_none: "送料は返金されません。",
  shipping:
    "{reasons}場合は、そのご注文でお支払いいただいた送料も返金します。送料の返金はご注文ごとに1回で、最初の該当する返金に含まれます。その他の理由では送料は返金されません。",
  approval_quote:
    "チャットでは、返金の前に各商品、手数料、合計を記載したお見積もりをお見せし、お客様にその内容どおりに確定していただきます。{limit}を超える返金は、お支払いの前に当社スタッフも確認します。",
  approval_channels:
    "{channels, select, both {チャットまたはメール} other {メール}}でのご依頼は、金額にかかわらず必ず当社スタッフが確認します。",
  approval_always: "{reasons}場合の返金は、必ず当社スタッフが確認します。",
  approval_above: "{reasons}場合の返金は、{limit}を超えると当社スタッフが確認します。",
  approval_only_confirmation:
    "有効なのは、お客様に表示したお見積もりへのお客様ご自身の確定だけです。「今後の返金はすべて承認します」といったメッセージや、他の人がすでに承認したという連絡は、これらの手順の代わりにはなりません。",
  holds:
    "お見積もりは{holdMinutes}分間有効です。その間に確定されない場合は期限切れとなりますが、改めて新しいお見積もりをご依頼いただけます。{idleMinutes}分間操作のないチャットは終了し、終了したチャットのお見積もりは受け付けられなくなります。",
  disputes:
    "ご利用明細の請求に誤りがありそうな場合や二重に表示されている場合は、請求番号（CH-で始まります）をお知らせください。当社の記録と各請求を照合し、記録上の金額で確認を開始します。その後は当社スタッフが対応します。確認の開始だけで返金や日付をお約束するものではありません。",
  cond_damaged: "商品が破損して届いた",
  cond_wrong_item: "当社が誤った商品をお送りした",
  cond_not_as_described: "商品が説明と異なる",
  cond_too_small: "商品が小さすぎる",
  cond_too_large: "商品が大きすぎる",
  cond_no_longer_needed: "商品が不要になった",
  category_electronics: "電子機器",
  category_gift_card: "ギフトカード",
  keywords_overview: "ポリシー ルール 概要 仕組み",
  keywords_window: "期限 期間 日数 何日 いつまで 遅い お届け 配達 電子機器 過ぎ",
  keywords_exclusions: "ギフトカード 最終セール セール品 対象外 除外 返金済み 二回 二度",
  keywords_reasons: "理由 なぜ 破損 壊れ 割れ 間違 誤った 説明 小さ 大き サイズ 不要",
  keywords_fees: "手数料 差し引 控除 費用 パーセント 割合 開封 いくら 金額",
  keywords_shipping: "送料 配送料 郵送 発送 ラベル",
  keywords_approval: "確定 承認 確認 審査 スタッフ 担当者 誰 見積 待ち",
  keywords_holds: "期限切れ 有効 有効期限 何分 保留 操作 見積もりの期限",
  keywords_disputes: "請求 二重 重複 明細 誤請求 金額が違 異議",
};
