import { classifyMessage } from "@/lib/domain/classify-message";
import { type CorpusEntry, netRefundOf, SOCKS } from "@/tests/data/classifier/corpus-entry";

export function classifyEntry(entry: Omit<CorpusEntry, "expected">) {
  return classifyMessage({
    text: entry.text,
    language: "en",
    openAction:
      entry.status === null
        ? null
        : {
            status: entry.status,
            itemNames: entry.items ?? SOCKS.items,
            lineIds: entry.lineIds ?? SOCKS.lineIds,
            netRefundCents: netRefundOf(entry),
            currency: "USD",
          },
  });
}

export type CorpusScore = {
  size: number;
  accuracy: number;
  /** Confirmed messages that should not have been, over all messages that should not. */
  falseConfirmationRate: number;
  falseConfirmations: string[];
  /** Clear plain yeses accepted, over all clear plain yeses. */
  plainConfirmAccuracy: number;
  plainConfirms: number;
  misses: string[];
};

export function scoreCorpus(corpus: readonly CorpusEntry[]): CorpusScore {
  const results = corpus.map((entry) => ({ entry, intent: classifyEntry(entry).intent }));
  const describe = ({ entry, intent }: (typeof results)[number]) =>
    `${JSON.stringify(entry.text)} (${entry.status}): expected ${entry.expected}, got ${intent}`;
  const misses = results.filter(({ entry, intent }) => intent !== entry.expected);
  const notConfirm = results.filter(({ entry }) => entry.expected !== "confirm");
  const falseConfirms = notConfirm.filter(({ intent }) => intent === "confirm");
  const yeses = results.filter(({ entry }) => entry.expected === "confirm");
  return {
    size: corpus.length,
    accuracy: (corpus.length - misses.length) / corpus.length,
    falseConfirmationRate: falseConfirms.length / notConfirm.length,
    falseConfirmations: falseConfirms.map(describe),
    plainConfirmAccuracy: yeses.filter(({ intent }) => intent === "confirm").length / yeses.length,
    plainConfirms: yeses.length,
    misses: misses.map(describe),
  };
}

export function formatScore(name: string, score: CorpusScore): string {
  const percent = (value: number) => `${(value * 100).toFixed(1)}%`;
  return `${name}: ${score.size} messages, false-confirmation rate ${score.falseConfirmationRate} (${score.falseConfirmations.length}), plain-confirm accuracy ${percent(score.plainConfirmAccuracy)} of ${score.plainConfirms}, overall accuracy ${percent(score.accuracy)}`;
}
