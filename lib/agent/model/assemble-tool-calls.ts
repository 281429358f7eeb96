import { newId } from "@/lib/ids";
import type { ToolCallRequest } from "./provider";

export type ToolCallDelta = {
  index?: number;
  id?: string | null;
  function?: { name?: string | null; arguments?: string | null } | null;
};

/*
 * Builds complete tool calls from streamed Chat Completions deltas, whatever the server's dialect:
 * OpenAI numbers calls by `index` and sends the id and name once; Ollama sends every call whole
 * with `index: 0`; some servers repeat the id and the full name in every delta. A delta carrying
 * an id not seen before starts a new call, a delta without one continues the latest call at its
 * index, and a name is taken once, so repeats neither merge two calls nor double a name.
 */
export function createToolCallAssembler() {
  const calls: ToolCallRequest[] = [];
  const byId = new Map<string, ToolCallRequest>();
  const latestAtIndex = new Map<number, ToolCallRequest>();

  function callFor(delta: ToolCallDelta): ToolCallRequest {
    const index = delta.index ?? 0;
    const id = delta.id || undefined;
    const known = id ? byId.get(id) : undefined;
    if (known) return known;
    const latest = latestAtIndex.get(index);
    if (latest && (!id || !latest.id)) {
      if (id) {
        latest.id = id;
        byId.set(id, latest);
      }
      return latest;
    }
    const call: ToolCallRequest = { id: id ?? "", name: "", argumentsJson: "" };
    calls.push(call);
    latestAtIndex.set(index, call);
    if (id) byId.set(id, call);
    return call;
  }

  return {
    // Returns the call so far, for previews of a reply while it streams.
    add(delta: ToolCallDelta): { position: number; name: string; argumentsJson: string } {
      const call = callFor(delta);
      const name = delta.function?.name;
      if (name && !call.name) call.name = name;
      call.argumentsJson += delta.function?.arguments ?? "";
      return { position: calls.indexOf(call), name: call.name, argumentsJson: call.argumentsJson };
    },
    // Calls without an id from the server get one of ours, so results can be matched to them.
    complete(): ToolCallRequest[] {
      return calls.map((call) => ({ ...call, id: call.id || newId("call") }));
    },
  };
}
