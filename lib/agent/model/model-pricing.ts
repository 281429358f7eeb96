export type ModelPrices = {
  inputPerMillionTokensUsd: number;
  outputPerMillionTokensUsd: number;
};

// USD per million tokens is numerically micro-USD per token, so cost stays an integer of micro-USD.
export function costMicroUsd(
  prices: ModelPrices,
  usage: { inputTokens: number; outputTokens: number },
): number {
  return Math.round(
    usage.inputTokens * prices.inputPerMillionTokensUsd +
      usage.outputTokens * prices.outputPerMillionTokensUsd,
  );
}
