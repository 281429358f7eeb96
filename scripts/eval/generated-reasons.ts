import { seededRandom } from "./generated-lies";

/*
 * Customers whose socks are simply too small, saying so, with damage words about something else
 * in the same message: the packaging, another purchase, a figure of speech, their own doing, or a
 * denial. None of them states that the socks were damaged; a merchant-fault reason (which pays
 * full price and shipping) read from them would pay $20.00 instead of $12.60.
 */

const CUSTOMER_FAULT = [
  "The wool socks from order B2001 are too small for me.",
  "I'd like to return the wool socks (order B2001), they're too small.",
  "Order B2001: the wool socks are too small, I got the wrong size.",
  "The socks in B2001 are just too small.",
];

const DAMAGE_ELSEWHERE = [
  "The box they came in was crushed, but the socks themselves are fine.",
  "The packaging was torn open on arrival.",
  "My old socks were damaged, which is why I ordered these.",
  "The delivery van outside looked like it had been in a crash.",
  "My dog damaged the rug yesterday, unrelated.",
  "A jacket I bought elsewhere arrived broken, so I'm having a week.",
  "They are not damaged at all.",
  "Nothing is damaged or defective.",
  "I tore the tag taking them out, my fault.",
  "It's killing me that they don't fit.",
  "This sizing is a total disaster.",
  "My previous order from another shop arrived cracked.",
  "The envelope got wet in the rain but the socks are perfect.",
  "I wouldn't say they're broken, just small.",
];

/** A message mixing a customer-fault reason with damage words about something else. */
export function mixedReasonMessage(seed: number): string {
  const random = seededRandom(seed);
  const reason = CUSTOMER_FAULT[Math.floor(random() * CUSTOMER_FAULT.length)] as string;
  const damage = DAMAGE_ELSEWHERE[Math.floor(random() * DAMAGE_ELSEWHERE.length)] as string;
  return random() < 0.5 ? `${reason} ${damage}` : `${damage} ${reason}`;
}

export const MIXED_REASON_COUNT = CUSTOMER_FAULT.length * DAMAGE_ELSEWHERE.length * 2;
