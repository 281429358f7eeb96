import type { Persona, TranscriptLine } from "./personas";

export const PERSONA_DONE = "[DONE]";

export type PersonaTurn = { role: "user" | "assistant"; content: string };

/*
 * What the persona's model is sent, whatever the wire mode: the customer's lines as `user` and the
 * support team's as `assistant`, with adjacent lines of one side as one turn, and the request for
 * the customer's next line as the last `user` turn. A request never ends on an `assistant` turn:
 * llama.cpp continues a trailing one as a prefill and refuses two.
 */
export function personaTurns(transcript: readonly TranscriptLine[]): PersonaTurn[] {
  const turns: PersonaTurn[] = [];
  const add = (role: PersonaTurn["role"], content: string) => {
    const last = turns.at(-1);
    if (last?.role === role) last.content = `${last.content}\n\n${content}`;
    else turns.push({ role, content });
  };
  for (const line of transcript) {
    add(line.from === "customer" ? "user" : "assistant", line.text);
  }
  add("user", `[Write the customer's next message now, or ${PERSONA_DONE} if they are done.]`);
  return turns;
}

export function personaInstructions(persona: Persona): string {
  return `You are role-playing a customer writing to a shop's support team. ${persona.brief} In the conversation, the user turns are the customer's messages (yours) and the assistant turns are the support team's. Write only the customer's next message: one to three sentences, plain text, no quotes. When you have nothing more to say, reply with exactly ${PERSONA_DONE}.`;
}
