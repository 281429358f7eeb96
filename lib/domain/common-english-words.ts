/*
 * The most frequent words of written English (function words, pronouns, auxiliaries and the
 * everyday vocabulary of a support reply), lower-case, with contractions. A signal for the
 * readability check, never a gate: real English is roughly half such words, text that only
 * looks like words has next to none of them.
 */
export const COMMON_ENGLISH_WORDS: ReadonlySet<string> = new Set(
  `a about above after again against all also am an and any are as at back be because been
  before being below between both but by can can't cannot could couldn't did didn't do does
  doesn't doing don't down during each few for from further get gets getting give go goes going
  got had hadn't has hasn't have haven't having he her here hers herself him himself his how i
  i'd i'll i'm i've if in into is isn't it it's its itself just know let let's like look make
  may me might more most much must my myself need new no nor not now of off on once one only or
  other our ours ourselves out over own please right same see she should shouldn't so some
  still such take than thank thanks that that's the their theirs them themselves then there
  there's these they they'll they're this those through to too under until up us very want was
  wasn't we we'll we're we've well were weren't what what's when where which while who whom why
  will with won't would wouldn't yes yet you you'd you'll you're you've your yours yourself
  yourselves sorry hello hi dear help happy glad sure okay ok done order orders item items
  refund refunds return returns returned money back charge charged card account email message
  days day week weeks time today soon confirm confirmed reply ask asked check checked find found
  send sent receive received arrived arrive damaged broken cracked size small big wrong policy
  amount total price paid pay payment team staff review approval approve approved waiting wait
  customer shipping ship shipped delivery delivered number reason issue problem question
  questions information details request requested able would like could you go ahead shall`
    .split(/\s+/)
    .filter(Boolean),
);
