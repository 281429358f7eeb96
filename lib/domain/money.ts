import { z } from "zod";
import { DomainError } from "./errors";

/** An amount of money in the currency's minor unit (cents). Always a safe integer. */
export type Cents = number;

export const BASIS_POINTS_PER_WHOLE = 10_000;

export const centsSchema = z.int().min(0).max(Number.MAX_SAFE_INTEGER);

export const currencySchema = z
  .string()
  .regex(/^[A-Z]{3}$/, "Currency must be an ISO 4217 code such as USD");

const CURRENCY_SYMBOLS: Readonly<Record<string, string>> = {
  USD: "$",
  EUR: "€",
  GBP: "£",
};

export function assertCents(value: unknown, label = "amountCents"): asserts value is Cents {
  if (typeof value !== "number" || !Number.isSafeInteger(value)) {
    throw new DomainError("INVALID_CENTS", `${label} must be an integer number of cents`, {
      value,
    });
  }
}

export function assertBasisPoints(value: unknown): asserts value is number {
  if (
    typeof value !== "number" ||
    !Number.isInteger(value) ||
    value < 0 ||
    value > BASIS_POINTS_PER_WHOLE
  ) {
    throw new DomainError("INVALID_RATE", "A rate must be whole basis points between 0 and 10000", {
      value,
    });
  }
}

/**
 * amountCents × rate, rounded half up to the cent. Integer arithmetic only: a float
 * multiplication (e.g. 1995 × 0.1) can land on 199.49999… and round the wrong way.
 */
export function feeHalfUp(amountCents: Cents, rateBasisPoints: number): Cents {
  assertCents(amountCents);
  assertBasisPoints(rateBasisPoints);
  if (amountCents < 0) {
    throw new DomainError("INVALID_CENTS", "A fee is computed on a non-negative amount", {
      amountCents,
    });
  }
  const scaled = amountCents * rateBasisPoints;
  if (!Number.isSafeInteger(scaled)) {
    throw new DomainError("INVALID_CENTS", "Amount too large to compute a fee exactly", {
      amountCents,
    });
  }
  return Math.floor((scaled + BASIS_POINTS_PER_WHOLE / 2) / BASIS_POINTS_PER_WHOLE);
}

function groupThousands(digits: string): string {
  return digits.replace(/\B(?=(\d{3})+(?!\d))/g, ",");
}

/**
 * Formats cents for people, e.g. 4800 → "$48.00", -890 → "-$8.90". Built from integers so
 * the output never depends on the runtime's locale data. Currencies without a symbol here
 * are written with their code ("CAD 12.00").
 */
export function formatMoney(amountCents: Cents, currency = "USD"): string {
  assertCents(amountCents);
  if (!currencySchema.safeParse(currency).success) {
    throw new DomainError("INVALID_CURRENCY", `Unknown currency code: ${currency}`);
  }
  const sign = amountCents < 0 ? "-" : "";
  const absolute = Math.abs(amountCents);
  const whole = groupThousands(String(Math.floor(absolute / 100)));
  const fraction = String(absolute % 100).padStart(2, "0");
  const symbol = CURRENCY_SYMBOLS[currency];
  return symbol === undefined
    ? `${sign}${currency} ${whole}.${fraction}`
    : `${sign}${symbol}${whole}.${fraction}`;
}

/** 1000 → "10%", 1250 → "12.5%". */
export function formatBasisPoints(rateBasisPoints: number): string {
  assertBasisPoints(rateBasisPoints);
  const whole = Math.floor(rateBasisPoints / 100);
  const fraction = String(rateBasisPoints % 100)
    .padStart(2, "0")
    .replace(/0+$/, "");
  return fraction === "" ? `${whole}%` : `${whole}.${fraction}%`;
}
