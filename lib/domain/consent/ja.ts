import { AMOUNT, ITEM } from "../classify-message-lexicon";
import { buildLexicon } from "./build-lexicon";

/*
 * Japanese writes no spaces, so a clause is one run of kana and kanji between punctuation
 * (the classifier only puts a space around Latin words, digits and currency signs: the item's
 * store name, the amount). Every shape below is therefore a whole-clause shape, its parts
 * joined by nothing or a space. 「結構です」 and 「大丈夫です」 often mean "no thanks": the
 * first declines, the second says nothing (the customer gets the buttons), and neither is ever
 * a yes; nor is 「いいです」, which may mean either.
 */
export const JAPANESE = buildLexicon({
  language: "ja",
  unspaced: true,
  yesWords: `
    はい, ええ, うん, ok, ok ?です, オッケー, オッケーです, オーケー, オーケーです, おっけー,
    了解です, 了解しました, 承知しました, かしこまりました
  `,
  courtesy: `
    ありがとうございます, ありがとうございました, ありがとう, どうもありがとうございます, どうも,
    すみません, こんにちは, こんばんは, おはようございます, わかりました, 分かりました, 助かります,
    では, それでは, じゃあ
  `,
  object: (named) =>
    `(?:それ|これ|その返金|この返金|返金|${named}(?: ?と ?${named})*(?: ?の返金)?)`,
  affirming: (object) => {
    const target = `(?:${object} ?(?:で|を) ?)?`;
    return [
      `${target}(?:よろしく)?お願い(?:します|いたします|致します)`,
      `${target}(?:進めて|手続きを進めて|手続きして|処理して|返金して|確定して)(?:ください|下さい)?`,
      `${target}(?:進めます|確定します|承諾します|同意します|了承します|受け入れます)`,
      `(?:${object} ?で ?)?(?:問題ありません|問題ないです|異存ありません)`,
      `(?:${object} ?で ?)?確定(?:で|です)(?:お願いします)?`,
      `どうぞ(?:お願いします|進めてください)?`,
      `${AMOUNT} ?で ?(?:お願いします|進めてください|同意します)`,
    ];
  },
  resuming: (object) => [
    `(?:${object} ?(?:を|の) ?)?(?:手続きを ?)?(?:続けて|再開して)(?:ください|下さい)?`,
    `(?:続けましょう|再開しましょう|再開します|再開でお願いします|続きをお願いします)`,
  ],
  and: /(?!)/,
  decline: {
    openers: `
      うーん, えーと, えっと, あの, あのー, すみません, すいません, ごめんなさい, やっぱり, やはり,
      実は, じゃあ, では
    `,
    negations: "いいえ, いや, いえ, いいや, ううん, ノー",
    dismissals: (object) => {
      const kept = `(?:${ITEM}|それ|これ|商品|全部|両方|${object})?(?:は|を)?`;
      return [
        `(?:結構です|けっこうです|結構)`,
        `(?:${object}|返品|手続き)(?:は|も) ?(?:大丈夫です|不要です|いりません|要りません|必要ありません|必要ないです|結構です)`,
        `(?:いりません|要りません|不要です|必要ありません)`,
        `(?:今回は)?(?:やめておきます|やめときます|やめます|見送ります|遠慮します|遠慮しておきます|辞退します|お断りします|キャンセルします|キャンセルでお願いします|キャンセルしてください|やめてください)`,
        `(?:返金|返品|手続き)(?:は|を)?(?:しないでください|やめてください|キャンセルしてください|取り消してください)`,
        `(?:気が変わりました|考えが変わりました|気が変わった)`,
        `${kept}(?:そのまま)?(?:手元に)?(?:残します|残しておきます|キープします|持っておきます|取っておきます|使います|使い続けます|使うことにします|保管します|返品しません)`,
        `(?:同意しません|承諾しません|お願いしません|進めないでください|確定しないでください)`,
      ];
    },
    tails: "ありがとうございます, ありがとう, すみません, ごめんなさい",
    remarkStart: `(?:それ|これ|その|この|商品|${ITEM}|値段|金額|手数料|送料) ?(?:は|が|も)`,
    aboutTheRequest: `返金, 返品, 交換, 残, キープ, キャンセル, 代わり, ほしい, 欲しい, したい, お願い, ください`,
    weakAcks: "わかりました, 分かりました, 了解です, 了解しました, 承知しました",
    strongYes: "はい, お願いします, 進めて, 確定, 同意します, 承諾します",
    negated: "ない, ません, いいえ, 不要, 結構",
  },
  conditions: `
    なら, たら, れば, ても, でも, けど, けれど, ですが, ますが, だが, ただし, もし, 条件, 多分,
    たぶん, かも, 一応, とりあえず, 場合, 以外, だけ, のみ
  `,
  conditionShapes: "が$|が ",
  sarcasm: "笑, 草, はいはい, 冗談, まさか, どうせ, 皮肉, ww, (?:^| )w(?: |$)",
  questionWords: `
    何(?!卒), なに, なんで, なぜ, どう(?!ぞ|も), いつ, どこ, どれ, どの, どちら, どっち, いくら, 誰, だれ,
    本当, ほんと
  `,
  questionShape: "(?:か|かな|かね|かしら|の|でしょう|だろう)$",
  infoOrHold: `
    待って, 待ってください, 少々, 少し待, 考えさせて, 考えます, 検討します, 検討させて, 後で, あとで,
    今は, まだ, 確認します, 確認させて, 教えて, 説明して, 詳しく, 詳細, 質問, 知りたい, その前に,
    先に, 一旦, いったん, 保留
  `,
  requestAsQuestion: "(?:お願い|進めて|処理して|返金して)(?:もらえ|いただけ|くれ|でき)",
  switchPhrase: () =>
    "(?:代わりに|かわりに|ではなく|じゃなくて|じゃなく|ではなくて|に変更|に変えて|へ変更|の方が|のほうが|の方で|のほうで|に切り替え)",
  negatedSwitch: "(?:変更しない|変えない|変更しません|変えません)",
  dropping: "",
  determiners: "",
  notAThing: "",
  stopwords: "",
  otherThing: "(?:別の|他の|ほかの|違う)(?:商品|注文|もの|品物|アイテム)",
  itemDeterminers: "その|この",
  authority: `
    承認, 許可, 権限, 上司, 店長, マネージャー, 管理者, 担当者, スタッフ, システム, 指示, 無視, モード,
    開発者, ツール, 代理, 既に確認, もう確認, すでに同意, プロンプト, 実行
  `,
  typoTargets: "",
  notTypos: "",
});
