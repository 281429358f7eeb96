// Strict chat templates (Mistral, Gemma and others served by vLLM, llama.cpp or Ollama) refuse
// two user turns in a row, which a customer message followed by the intent note or the state
// note produces. Adjacent user texts are sent as one turn, each part keeping its label.
export const MERGED_TURN_SEPARATOR = "\n\n---\n\n";

type Turn = { role?: string; content?: unknown };

export function mergeUserTurns<T extends object>(items: T[]): T[] {
  const merged: T[] = [];
  for (const item of items) {
    const previous = merged.at(-1) as Turn | undefined;
    const turn = item as Turn;
    if (
      previous?.role === "user" &&
      turn.role === "user" &&
      typeof previous.content === "string" &&
      typeof turn.content === "string"
    ) {
      merged[merged.length - 1] = {
        ...previous,
        content: `${previous.content}${MERGED_TURN_SEPARATOR}${turn.content}`,
      } as T;
    } else {
      merged.push(item);
    }
  }
  return merged;
}
