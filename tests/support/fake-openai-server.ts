import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { llamaCppErrorBody, llamaCppRequestProblems } from "./llamacpp-request-rules";
import { readWireFixture } from "./wire-fixtures";

/*
 * A real HTTP server speaking the OpenAI wire formats (Chat Completions and Responses, streamed
 * as server-sent events), scripted per test. The product's providers talk to it through the
 * official SDK exactly as they would talk to OpenAI, xAI or a local vLLM server.
 */

export type ScriptedToolCall = { id?: string; name: string; arguments: string };

export type ScriptedReply =
  | {
      type: "reply";
      text?: string;
      toolCalls?: ScriptedToolCall[];
      usage?: { inputTokens: number; outputTokens: number };
      reasoningSummary?: string;
    }
  | { type: "error"; status: number; message: string; code?: string; retryAfterSeconds?: number }
  // Sends the first part of the answer and then drops the connection, like a proxy timeout.
  | { type: "cut"; text: string }
  // Holds the stream open until the client goes away (for Stop tests).
  | { type: "hang"; text?: string }
  // Replays a recorded answer of a real server byte for byte (tests/fixtures/wire).
  | { type: "recorded"; fixture: string };

export type RecordedRequest = {
  api: "chat" | "responses";
  body: Record<string, unknown>;
};

export type FakeModelContext = {
  request: RecordedRequest;
  index: number;
  // Responses API: the whole conversation the provider holds, stored items plus the new input.
  fullInput: unknown[];
};

export type FakeOpenAiServer = {
  baseUrl: string;
  requests: RecordedRequest[];
  // Replies are taken from the queue in order; when it is empty, the fallback decides.
  enqueue(...replies: ScriptedReply[]): void;
  setFallback(
    fallback: (context: FakeModelContext) => ScriptedReply | Promise<ScriptedReply>,
  ): void;
  forgetStoredResponses(): void;
  // Clears the queue, the recorded requests and the fallback between tests.
  reset(): void;
  close(): Promise<void>;
};

export type FakeOpenAiServerOptions = {
  // "llama.cpp": refuse what llama.cpp's server refuses (tests/support/llamacpp-request-rules.ts),
  // with its exact error bodies, before any scripted reply is taken.
  dialect?: "openai" | "llama.cpp";
  // llama.cpp's context size (`-c`): a longer request is refused as that server refuses it. The
  // count is an estimate (4 characters a token); tests leave a margin either side.
  contextTokens?: number;
};

export async function startFakeOpenAiServer(
  options: FakeOpenAiServerOptions = {},
): Promise<FakeOpenAiServer> {
  const queue: ScriptedReply[] = [];
  const requests: RecordedRequest[] = [];
  // Responses API storage: what each response id "remembers" (its input history and output).
  const stored = new Map<string, unknown[]>();
  const defaultFallback = (): ScriptedReply => ({
    type: "reply",
    text: "Fake model has nothing scripted.",
  });
  let fallback: (context: FakeModelContext) => ScriptedReply | Promise<ScriptedReply> =
    defaultFallback;
  let counter = 0;
  const sockets = new Set<import("node:net").Socket>();

  const server: Server = createServer(async (req, res) => {
    const body = JSON.parse((await readBody(req)) || "{}") as Record<string, unknown>;
    const api = req.url?.endsWith("/chat/completions")
      ? "chat"
      : req.url?.endsWith("/responses")
        ? "responses"
        : undefined;
    if (!api || req.method !== "POST") {
      return sendError(res, { type: "error", status: 404, message: `No route ${req.url}` });
    }
    const request: RecordedRequest = { api, body };
    requests.push(request);
    const refusal = options.dialect === "llama.cpp" ? llamaCppRefusal(api, body, options) : null;
    if (refusal) {
      res.writeHead(400, { "content-type": "application/json" });
      return res.end(refusal);
    }
    // A recorded answer is what that server said, whatever this fake would have checked.
    const head = queue[0];
    if (head?.type === "recorded") {
      queue.shift();
      return sendRecorded(res, head.fixture);
    }
    const previous = body.previous_response_id;
    if (api === "responses" && typeof previous === "string" && !stored.has(previous)) {
      return sendError(res, {
        type: "error",
        status: 404,
        message: `Previous response with id '${previous}' not found.`,
        code: "previous_response_not_found",
      });
    }
    const fullInput = [
      ...(typeof previous === "string" ? (stored.get(previous) ?? []) : []),
      ...((body.input as unknown[] | undefined) ?? []),
    ];
    const unanswerable = unknownCallOutputs(fullInput);
    if (api === "responses" && unanswerable.length > 0) {
      return sendError(res, {
        type: "error",
        status: 400,
        message: `No tool call found for function call output with call_id ${unanswerable[0]}.`,
      });
    }
    const reply =
      queue.shift() ?? (await fallback({ request, index: requests.length - 1, fullInput }));
    if (reply.type === "error") return sendError(res, reply);
    if (reply.type === "recorded") return sendRecorded(res, reply.fixture);
    counter += 1;
    if (body.stream !== true && reply.type === "reply") {
      return sendWhole(res, api, reply, counter);
    }
    res.writeHead(200, {
      "content-type": "text/event-stream",
      "cache-control": "no-cache",
      connection: "keep-alive",
    });
    if (api === "chat") return streamChat(res, reply, counter);
    const responseId = `resp_fake_${counter}`;
    stored.set(responseId, [...fullInput, ...outputAsInput(reply, responseId)]);
    return streamResponses(res, reply, responseId, typeof previous === "string" ? previous : null);
  });
  server.on("connection", (socket) => {
    sockets.add(socket);
    socket.on("close", () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;

  return {
    baseUrl: `http://127.0.0.1:${port}/v1`,
    requests,
    enqueue: (...replies) => queue.push(...replies),
    setFallback: (next) => {
      fallback = next;
    },
    forgetStoredResponses: () => stored.clear(),
    reset: () => {
      queue.length = 0;
      requests.length = 0;
      counter = 0;
      fallback = defaultFallback;
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}

function llamaCppRefusal(
  api: "chat" | "responses",
  body: Record<string, unknown>,
  options: FakeOpenAiServerOptions,
): string | null {
  const refused = llamaCppRequestProblems(api, body).find(
    (problem) => problem.effect === "refused",
  );
  if (refused) return llamaCppErrorBody(refused.message);
  const prompt = JSON.stringify([body.instructions, body.messages, body.input, body.tools]);
  const promptTokens = Math.ceil(prompt.length / 4);
  if (options.contextTokens !== undefined && promptTokens > options.contextTokens) {
    return JSON.stringify({
      error: {
        code: 400,
        message: `request (${promptTokens} tokens) exceeds the available context size (${options.contextTokens} tokens), try increasing it`,
        type: "exceed_context_size_error",
        n_prompt_tokens: promptTokens,
        n_ctx: options.contextTokens,
      },
    });
  }
  return null;
}

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    let data = "";
    req.setEncoding("utf8");
    req.on("data", (chunk) => {
      data += chunk;
    });
    req.on("end", () => resolve(data));
    req.on("error", reject);
  });
}

function sendRecorded(res: ServerResponse, fixture: string) {
  const recorded = readWireFixture(fixture);
  res.writeHead(recorded.status, { "content-type": recorded.contentType });
  res.end(recorded.body);
}

function sendError(res: ServerResponse, reply: Extract<ScriptedReply, { type: "error" }>) {
  res.writeHead(reply.status, {
    "content-type": "application/json",
    ...(reply.retryAfterSeconds !== undefined && {
      "retry-after": String(reply.retryAfterSeconds),
    }),
  });
  res.end(
    JSON.stringify({
      error: {
        message: reply.message,
        type: "invalid_request_error",
        code: reply.code ?? null,
        param: null,
      },
    }),
  );
}

// A request without `stream: true` gets the whole answer as one JSON body (text replies only).
function sendWhole(
  res: ServerResponse,
  api: "chat" | "responses",
  reply: Extract<ScriptedReply, { type: "reply" }>,
  n: number,
) {
  const text = reply.text ?? "";
  const usage = reply.usage ?? { inputTokens: 100, outputTokens: 20 };
  res.writeHead(200, { "content-type": "application/json" });
  if (api === "chat") {
    return res.end(
      JSON.stringify({
        id: `chatcmpl-fake-${n}`,
        object: "chat.completion",
        created: 1_700_000_000,
        model: "fake-model",
        choices: [
          {
            index: 0,
            message: { role: "assistant", content: text },
            finish_reason: "stop",
            logprobs: null,
          },
        ],
        usage: {
          prompt_tokens: usage.inputTokens,
          completion_tokens: usage.outputTokens,
          total_tokens: usage.inputTokens + usage.outputTokens,
        },
      }),
    );
  }
  res.end(
    JSON.stringify({
      id: `resp_fake_${n}`,
      object: "response",
      created_at: 1_700_000_000,
      model: "fake-model",
      status: "completed",
      output: [
        {
          type: "message",
          id: `msg_fake_${n}`,
          role: "assistant",
          status: "completed",
          content: [{ type: "output_text", text, annotations: [] }],
        },
      ],
      usage: {
        input_tokens: usage.inputTokens,
        output_tokens: usage.outputTokens,
        total_tokens: usage.inputTokens + usage.outputTokens,
      },
    }),
  );
}

function sse(res: ServerResponse, data: unknown, event?: string) {
  res.write(`${event ? `event: ${event}\n` : ""}data: ${JSON.stringify(data)}\n\n`);
}

function splitText(text: string): string[] {
  return text.match(/.{1,12}/gs) ?? [];
}

function streamChat(
  res: ServerResponse,
  reply: Exclude<ScriptedReply, { type: "error" | "recorded" }>,
  n: number,
) {
  const base = {
    id: `chatcmpl-fake-${n}`,
    object: "chat.completion.chunk",
    created: 1_700_000_000,
    model: "fake-model",
  };
  const chunk = (delta: Record<string, unknown>, finish: string | null = null) =>
    sse(res, { ...base, choices: [{ index: 0, delta, finish_reason: finish, logprobs: null }] });
  chunk({ role: "assistant", content: "" });
  if (reply.type === "cut" || reply.type === "hang") {
    for (const part of splitText(reply.text ?? "")) chunk({ content: part });
    if (reply.type === "cut") cutAfterFlush(res);
    return;
  }
  for (const part of splitText(reply.text ?? "")) chunk({ content: part });
  const calls = reply.toolCalls ?? [];
  calls.forEach((call, index) => {
    const id = call.id ?? `call_${n}_${index}`;
    chunk({
      tool_calls: [{ index, id, type: "function", function: { name: call.name, arguments: "" } }],
    });
    for (const part of splitText(call.arguments)) {
      chunk({ tool_calls: [{ index, function: { arguments: part } }] });
    }
  });
  chunk({}, calls.length > 0 ? "tool_calls" : "stop");
  const usage = reply.usage ?? { inputTokens: 100, outputTokens: 20 };
  sse(res, {
    ...base,
    choices: [],
    usage: {
      prompt_tokens: usage.inputTokens,
      completion_tokens: usage.outputTokens,
      total_tokens: usage.inputTokens + usage.outputTokens,
    },
  });
  res.write("data: [DONE]\n\n");
  res.end();
}

function streamResponses(
  res: ServerResponse,
  reply: Exclude<ScriptedReply, { type: "error" | "recorded" }>,
  responseId: string,
  previousResponseId: string | null,
) {
  let sequence = 0;
  const emit = (type: string, fields: Record<string, unknown>) =>
    sse(res, { type, sequence_number: sequence++, ...fields }, type);
  const response = (status: string, output: unknown[], usage?: unknown) => ({
    id: responseId,
    object: "response",
    created_at: 1_700_000_000,
    model: "fake-model",
    status,
    // Like OpenAI, the response says which stored response it continued.
    previous_response_id: previousResponseId,
    output,
    parallel_tool_calls: false,
    tools: [],
    ...(usage !== undefined && { usage }),
  });
  emit("response.created", { response: response("in_progress", []) });
  const output: unknown[] = [];
  let outputIndex = 0;
  if (reply.type !== "cut" && reply.type !== "hang" && reply.reasoningSummary) {
    emit("response.reasoning_summary_text.done", {
      item_id: "rs_1",
      output_index: outputIndex++,
      summary_index: 0,
      text: reply.reasoningSummary,
    });
  }
  const text = reply.text ?? "";
  if (text) {
    const itemId = `msg_${responseId}`;
    for (const part of splitText(text)) {
      emit("response.output_text.delta", {
        item_id: itemId,
        output_index: outputIndex,
        content_index: 0,
        delta: part,
        logprobs: [],
      });
    }
    const item = {
      type: "message",
      id: itemId,
      role: "assistant",
      status: "completed",
      content: [{ type: "output_text", text, annotations: [] }],
    };
    if (reply.type === "cut") return cutAfterFlush(res);
    if (reply.type === "hang") return;
    emit("response.output_item.done", { output_index: outputIndex++, item });
    output.push(item);
  } else if (reply.type === "cut") {
    return cutAfterFlush(res);
  } else if (reply.type === "hang") {
    return;
  }
  if (reply.type !== "reply") return;
  (reply.toolCalls ?? []).forEach((call, index) => {
    const item = {
      type: "function_call",
      id: `fc_${responseId}_${index}`,
      call_id: call.id ?? `call_${responseId}_${index}`,
      name: call.name,
      arguments: call.arguments,
      status: "completed",
    };
    // As OpenAI streams a call: the item opens empty, its arguments arrive in pieces, then done.
    emit("response.output_item.added", {
      output_index: outputIndex,
      item: { ...item, arguments: "", status: "in_progress" },
    });
    for (const part of splitText(call.arguments)) {
      emit("response.function_call_arguments.delta", {
        output_index: outputIndex,
        item_id: item.id,
        delta: part,
      });
    }
    emit("response.output_item.done", { output_index: outputIndex++, item });
    output.push(item);
  });
  const usage = reply.usage ?? { inputTokens: 100, outputTokens: 20 };
  emit("response.completed", {
    response: response("completed", output, {
      input_tokens: usage.inputTokens,
      output_tokens: usage.outputTokens,
      total_tokens: usage.inputTokens + usage.outputTokens,
      input_tokens_details: { cached_tokens: 0 },
      output_tokens_details: { reasoning_tokens: 0 },
    }),
  });
  res.end();
}

// Like OpenAI, refuse a function_call_output whose call the conversation never contained.
function unknownCallOutputs(items: unknown[]): string[] {
  const typed = items as { type?: string; call_id?: string }[];
  const calls = new Set(
    typed.filter((item) => item.type === "function_call").map((item) => item.call_id),
  );
  return typed
    .filter((item) => item.type === "function_call_output" && !calls.has(item.call_id))
    .map((item) => item.call_id ?? "");
}

function outputAsInput(
  reply: Exclude<ScriptedReply, { type: "error" | "recorded" }>,
  responseId: string,
): unknown[] {
  if (reply.type !== "reply") return [];
  return [
    ...(reply.text ? [{ role: "assistant", content: reply.text }] : []),
    ...(reply.toolCalls ?? []).map((call, index) => ({
      type: "function_call",
      call_id: call.id ?? `call_${responseId}_${index}`,
      name: call.name,
      arguments: call.arguments,
    })),
  ];
}

// destroy() drops buffered writes; wait for what was written to reach the client first.
function cutAfterFlush(res: ServerResponse) {
  setTimeout(() => res.destroy(), 30);
}
