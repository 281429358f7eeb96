/*
 * npm run bench:peak [-- --conversations 200 --model-delay-ms 1000 --env JOB_RUN_CONCURRENCY=8]:
 * the peak hour. N customers write at once through the chat widget's own calls to one production
 * server, whose model (the fake OpenAI-compatible server on loopback, playing the offline agent)
 * answers each request after the given delay (`1000-5000`: uniform in the range, per call). Each
 * customer is a fresh copy of a chat story's customer and writes that story's first message.
 *
 * Before the burst, not measured: a few warm-up customers through the same path (a server in
 * service has compiled its request path long ago), then every customer's session, snapshot and
 * open event stream. Measured from the burst of N message posts: each customer's first answer
 * (a snapshot, read when the stream said something changed, holding an agent's message or a
 * quote), the conversation's model requests as the fake model saw them, the server's CPU and RSS.
 *
 * Target (issue 34): no customer waits for their first answer longer than the model delays spent
 * before it plus 1 s, with no error (a non-2xx, a stream that failed, a run that failed, a
 * customer unanswered by the deadline). Exits 1 when it is missed. Needs a production build.
 */
import { performance } from "node:perf_hooks";
import { setTimeout as sleep } from "node:timers/promises";
import { Command, InvalidArgumentError } from "commander";
import { signIdentityToken } from "@/lib/auth/widget-identity-token";
import { ACTIVE_RUN_STATUSES } from "@/lib/domain/run-lifecycle";
import { provisionDemoCustomer } from "@/lib/server/services/demo/provision-demo-customer";
import { DEMO_STORIES } from "@/lib/server/services/intake/demo-stories";
import { DEMO_WORKSPACE } from "@/prisma/demo-data";
import { benchSecret, startBenchApp } from "./app-server";
import {
  type ErrorLog,
  postMessage,
  startWidgetSession,
  type WidgetSession,
  watchForAnswer,
} from "./peak-customer";
import {
  ALLOWED_BEYOND_MODEL_MS,
  type CustomerFigures,
  customerFigures,
  describeModelDelay,
  type FirstAnswer,
  judgePeak,
  type ModelDelay,
  parseModelDelay,
} from "./peak-figures";
import { startPeakModel } from "./peak-model";
import {
  describeLoad,
  describeMachine,
  ms,
  percentile,
  processGroupCpuMs,
  processGroupRssBytes,
  startBenchDatabase,
} from "./support";

const options = new Command()
  .name("bench:peak")
  .description("N customers write at once through the widget; first answers against the model")
  .option("--conversations <n>", "customers writing at once", wholeNumber(1), 200)
  .option("--model-delay-ms <ms>", "the model's delay per call: 1000, or a range 1000-5000", "1000")
  .option("--warm-up <n>", "customers served before the burst, not measured", wholeNumber(0), 4)
  .option("--deadline-s <s>", "how long a customer waits for a first answer", wholeNumber(1), 600)
  .option("--detail", "print each customer's figures")
  .option("--env <KEY=VALUE>", "environment for the server (repeatable)", collectEnv, {})
  .parse()
  .opts<{
    conversations: number;
    modelDelayMs: string;
    warmUp: number;
    deadlineS: number;
    detail?: boolean;
    env: Record<string, string>;
  }>();
const delay: ModelDelay = parseModelDelay(options.modelDelayMs);

function wholeNumber(min: number) {
  return (value: string) => {
    const parsed = Number(value);
    if (!Number.isInteger(parsed) || parsed < min) {
      throw new InvalidArgumentError(`must be a whole number ≥ ${min}`);
    }
    return parsed;
  };
}

function collectEnv(value: string, env: Record<string, string>): Record<string, string> {
  const at = value.indexOf("=");
  if (at < 1) throw new InvalidArgumentError("must be KEY=VALUE");
  return { ...env, [value.slice(0, at)]: value.slice(at + 1) };
}

// Each chat story's first message once, in the stories' order: refunds, a dispute, a question.
const FIRST_MESSAGES = [
  ...new Map(
    DEMO_STORIES.filter((story) => story.channel === "chat").map((story) => [
      story.firstMessage,
      story.customerEmail,
    ]),
  ),
].map(([text, seedEmail]) => ({ text, seedEmail }));

type Customer = { email: string; token: string; text: string };
// Filled as sessions open: the fake model finds the conversation by the customer's email.
const conversationByEmail = new Map<string, string>();

console.log(`Machine: ${describeMachine()}`);
const db = await startBenchDatabase();
console.log(`Postgres durability: ${db.durability}`);

const workspace = await db.prisma.workspace.findUniqueOrThrow({
  where: { key: DEMO_WORKSPACE.key },
});
async function provisionCustomers(count: number): Promise<Customer[]> {
  const customers: Customer[] = [];
  for (let index = 0; index < count; index++) {
    const story = FIRST_MESSAGES[index % FIRST_MESSAGES.length] as (typeof FIRST_MESSAGES)[number];
    const now = new Date();
    const copy = await db.prisma.$transaction((tx) =>
      provisionDemoCustomer(tx, { seedEmail: story.seedEmail, now }),
    );
    const token = await signIdentityToken(
      { customerId: copy.id, email: copy.email },
      workspace.identitySecret,
      { now, lifetimeSeconds: 2 * 60 * 60 },
    );
    customers.push({ email: copy.email, token, text: story.text });
  }
  return customers;
}

// Setup at a bounded pace: the measured part is the burst of messages, not the sign-ins.
async function openSessions(origin: string, customers: Customer[]): Promise<WidgetSession[]> {
  const sessions: WidgetSession[] = [];
  const pending = [...customers];
  await Promise.all(
    Array.from({ length: 8 }, async () => {
      for (let customer = pending.shift(); customer; customer = pending.shift()) {
        const session = await startWidgetSession(
          origin,
          workspace.key,
          customer.email,
          customer.token,
        );
        sessions.push(session);
        conversationByEmail.set(customer.email, session.conversationId);
      }
    }),
  );
  return sessions;
}

const model = await startPeakModel(db.prisma, delay, (email) => conversationByEmail.get(email));
const serverEnv = {
  OPENAI_API_KEY: "bench-key",
  OPENAI_BASE_URL: model.baseUrl,
  OPENAI_MODEL: "fake-model",
  OPENAI_API_MODE: "chat",
  ...options.env,
};

const errors = new Map<string, number>();
const logError: ErrorLog = (kind) => {
  errors.set(kind, (errors.get(kind) ?? 0) + 1);
};

type Burst = {
  customers: Customer[];
  sessions: WidgetSession[];
  postedAt: Map<string, number>;
  answers: Map<string, FirstAnswer | null>;
  startedAt: number;
  allAnsweredAt: number;
  runsEndedAt: number;
  reopenedStreams: number;
};

// Every customer's stream open, then every message posted at once; waits for each first answer
// and then for the runs to end, so the steps after the answer are counted too.
async function burst(origin: string, customers: Customer[], log: ErrorLog): Promise<Burst> {
  const sessions = await openSessions(origin, customers);
  const deadlineAt = performance.now() + options.deadlineS * 1000;
  const watches = sessions.map((session) => ({
    session,
    watch: watchForAnswer(origin, session, deadlineAt, log),
  }));
  await Promise.all(watches.map(({ watch }) => Promise.race([watch.ready, watch.answer])));
  const textOf = new Map(customers.map((customer) => [customer.email, customer.text]));
  const startedAt = performance.now();
  const postedAt = new Map<string, number>();
  const answers = new Map<string, FirstAnswer | null>();
  await Promise.all(
    watches.map(async ({ session }) => {
      postedAt.set(
        session.email,
        await postMessage(origin, session, textOf.get(session.email) ?? "", log),
      );
    }),
  );
  // Every accepted message has its run by now. Once none is active, nothing more will answer:
  // a customer still unanswered then (their post failed, or the run said nothing) gets one last
  // look instead of a wait for the deadline.
  const conversationIds = sessions.map((session) => session.conversationId);
  const answering = Promise.all(
    watches.map(async ({ session, watch }) => answers.set(session.email, await watch.answer)),
  );
  let runsEndedAt: number | null = null;
  while (performance.now() < deadlineAt) {
    const active = await db.prisma.run.count({
      where: { conversationId: { in: conversationIds }, status: { in: [...ACTIVE_RUN_STATUSES] } },
    });
    if (active === 0) {
      runsEndedAt = performance.now();
      break;
    }
    await sleep(250);
  }
  await Promise.all(watches.map(({ watch }) => watch.lastLook()));
  await answering;
  const allAnsweredAt = Math.max(
    ...[...answers.values()].map((answer) => answer?.seenAt ?? startedAt),
  );
  const reopenedStreams = watches.reduce((sum, { watch }) => sum + watch.reopenedStreams(), 0);
  for (const { watch } of watches) watch.close();
  return {
    customers,
    sessions,
    postedAt,
    answers,
    startedAt,
    allAnsweredAt,
    runsEndedAt: runsEndedAt ?? performance.now(),
    reopenedStreams,
  };
}

const seconds = (value: number) => `${(value / 1000).toFixed(1)} s`;
const mib = (bytes: number | null) =>
  bytes === null ? "n/a" : `${(bytes / 2 ** 20).toFixed(0)} MiB`;
function summary(values: number[]): string {
  if (values.length === 0) return "none";
  return `p50 ${ms(percentile(values, 50))}, p95 ${ms(percentile(values, 95))}, p99 ${ms(percentile(values, 99))}, max ${ms(Math.max(...values))}`;
}
const present = (values: (number | null)[]) => values.filter((value) => value !== null);

const warmUpCustomers = await provisionCustomers(options.warmUp);
const customers = await provisionCustomers(options.conversations);
console.log(
  `${options.conversations} customers writing at once (first messages of the ${FIRST_MESSAGES.length} chat stories in turn), model delay ${describeModelDelay(delay)}, ${options.warmUp} warm-up customers`,
);
console.log(
  `Server: one production server process; env ${
    Object.entries(options.env)
      .map(([key, value]) => `${key}=${value}`)
      .join(" ") || "defaults (JOB_RUN_CONCURRENCY=4)"
  }`,
);
const app = await startBenchApp(db.url, benchSecret(), { env: serverEnv });
let failed = true;
try {
  if (warmUpCustomers.length > 0) {
    const warmErrors: string[] = [];
    const warm = await burst(app.origin, warmUpCustomers, (kind) => warmErrors.push(kind));
    console.log(
      `Warm-up: ${warmUpCustomers.length} customers answered in ${seconds(warm.allAnsweredAt - warm.startedAt)}${warmErrors.length > 0 ? `, errors: ${warmErrors.join("; ")}` : ""}`,
    );
  }
  console.log(`${describeLoad()} before the burst`);

  let peakRss = processGroupRssBytes(app.processGroup);
  const rssSampler = setInterval(() => {
    const rss = processGroupRssBytes(app.processGroup);
    if (rss !== null && (peakRss === null || rss > peakRss)) peakRss = rss;
  }, 250);
  const cpuBefore = processGroupCpuMs(app.processGroup);
  const benchCpuBefore = process.cpuUsage();
  const result = await burst(app.origin, customers, logError);
  const cpuAfter = processGroupCpuMs(app.processGroup);
  const benchCpu = process.cpuUsage(benchCpuBefore);
  clearInterval(rssSampler);
  const endRss = processGroupRssBytes(app.processGroup);

  const figures: CustomerFigures[] = result.customers.map((customer) =>
    customerFigures({
      postedAt: result.postedAt.get(customer.email) ?? result.startedAt,
      answer: result.answers.get(customer.email) ?? null,
      modelCalls: model.callsOf(customer.email),
    }),
  );
  const runs = await db.prisma.run.groupBy({
    by: ["status"],
    where: { conversationId: { in: result.sessions.map((session) => session.conversationId) } },
    _count: true,
  });
  // A run still queued or running here outlived the deadline.
  for (const run of runs) {
    if (["failed", "stopped", "queued", "running"].includes(run.status)) {
      errors.set(`run ${run.status}`, run._count);
    }
  }
  if (model.unmatchedRequests() > 0) {
    errors.set("model request naming no bench customer", model.unmatchedRequests());
  }
  if (options.detail) {
    result.customers.forEach((customer, index) => {
      const figure = figures[index] as CustomerFigures;
      const calls = model.callsOf(customer.email).length;
      console.log(
        `  ${customer.text.slice(0, 40).padEnd(40)} first answer ${figure.firstAnswerMs?.toFixed(0) ?? "none"} ms, waited on ${figure.modelDelayBeforeAnswerMs} ms of model (${calls} calls in the run), first request after ${figure.firstModelRequestMs?.toFixed(0) ?? "none"} ms`,
      );
    });
  }
  const errorCount = [...errors.values()].reduce((sum, count) => sum + count, 0);
  const verdict = judgePeak(figures, errorCount);

  const burstMs = result.runsEndedAt - result.startedAt;
  // The answer figures are of the customers answered; the others are counted as errors.
  const answered = figures.filter((figure) => figure.firstAnswerMs !== null);
  const lastAnswered = answered.reduce<CustomerFigures | undefined>(
    (latest, figure) =>
      latest === undefined || (figure.firstAnswerMs ?? 0) > (latest.firstAnswerMs ?? 0)
        ? figure
        : latest,
    undefined,
  );
  const modelCalls = result.customers.flatMap((customer) => model.callsOf(customer.email));
  console.log(
    `\n${answered.length} of ${customers.length} customers answered, the last ${lastAnswered?.firstAnswerMs == null ? "never" : `${seconds(lastAnswered.firstAnswerMs)} after writing`}; every run had ended ${seconds(burstMs)} after the burst`,
  );
  console.log(
    `Runs: ${runs.map((run) => `${run._count} ${run.status}`).join(", ")}; ${modelCalls.length} model calls (${(modelCalls.length / customers.length).toFixed(1)} a conversation)`,
  );
  console.log(
    `First answer (POST to a snapshot showing it):          ${summary(present(figures.map((f) => f.firstAnswerMs)))}`,
  );
  console.log(
    `Model delays it waited on (calls answered before it):  ${summary(answered.map((f) => f.modelDelayBeforeAnswerMs))}`,
  );
  console.log(
    `Waiting beyond the model (answer less those delays):   ${summary(present(figures.map((f) => f.beyondModelMs)))}`,
  );
  console.log(
    `First model request after the POST:                    ${summary(present(figures.map((f) => f.firstModelRequestMs)))}`,
  );
  console.log(
    `Step overhead (model answer to the run's next request): ${summary(figures.flatMap((f) => f.stepOverheadsMs))}`,
  );
  console.log(
    `Answer shown after the model call before it:           ${summary(present(figures.map((f) => f.shownAfterModelMs)))}`,
  );
  console.log(
    `Answer stored to the customer seeing it:               ${summary(present(figures.map((f) => f.deliveryMs)))}`,
  );
  if (lastAnswered) {
    console.log(
      `The last customer answered: first answer ${seconds(lastAnswered.firstAnswerMs ?? 0)}, first model request ${lastAnswered.firstModelRequestMs === null ? "none" : seconds(lastAnswered.firstModelRequestMs)} after they wrote, for ${seconds(lastAnswered.modelDelayBeforeAnswerMs)} of model delay`,
    );
  }
  const cpu = cpuBefore === null || cpuAfter === null ? null : cpuAfter - cpuBefore;
  console.log(
    `Server: CPU ${cpu === null ? "n/a" : `${seconds(cpu)} (${((cpu / burstMs) * 100).toFixed(0)}% of one core over the ${seconds(burstMs)})`}, RSS peak ${mib(peakRss)}, at end ${mib(endRss)}`,
  );
  const benchCpuMs = (benchCpu.user + benchCpu.system) / 1000;
  console.log(
    `This bench (customers and fake model, same machine): CPU ${seconds(benchCpuMs)}; event streams reopened: ${result.reopenedStreams}`,
  );
  console.log(
    `Errors: ${errorCount}${errorCount > 0 ? ` (${[...errors].map(([kind, count]) => `${count} × ${kind}`).join("; ")})` : ""}`,
  );
  console.log(`${describeLoad()} at end`);
  console.log(
    `${verdict.passed ? "PASS" : "FAIL"} every first answer within the model's delays + ${ALLOWED_BEYOND_MODEL_MS} ms, no errors: ${verdict.late} late, ${verdict.unanswered} unanswered, ${errorCount} errors`,
  );
  failed = !verdict.passed;
} finally {
  await app.stop();
  await model.close();
  await db.stop();
}
if (failed) process.exitCode = 1;
