import net from "node:net";

/*
 * A TCP proxy in front of Postgres for one simulated app instance: cutting it makes the database
 * unreachable for that instance only (open connections reset, new ones refused on arrival),
 * while other clients keep talking to the same server directly. It can also lose the answer to
 * the next statement that contains a given text (a COMMIT, or a statement that commits on its
 * own, like a step write): the server commits, the client only sees its connection drop.
 */
export type TcpProxy = {
  port: number;
  cut(): void;
  restore(): void;
  loseNextAnswerTo(statementText: string): void;
  /** How many answers were lost so far. */
  lostAnswers(): number;
  close(): Promise<void>;
};

// Long enough for the server to finish the statement it was sent before the connection drops.
const COMMIT_SETTLE_MS = 200;

export async function startTcpProxy(targetPort: number): Promise<TcpProxy> {
  const open = new Set<net.Socket>();
  let cut = false;
  let loseAnswerTo: Buffer | null = null;
  let lost = 0;
  const server = net.createServer((client) => {
    if (cut) {
      client.destroy();
      return;
    }
    const upstream = net.connect(targetPort, "localhost");
    const drop = () => {
      client.destroy();
      upstream.destroy();
    };
    let answering = true;
    for (const socket of [client, upstream]) {
      open.add(socket);
      socket.on("close", () => open.delete(socket));
      socket.on("error", drop);
    }
    client.on("data", (chunk: Buffer) => {
      upstream.write(chunk);
      if (loseAnswerTo && chunk.includes(loseAnswerTo)) {
        loseAnswerTo = null;
        answering = false;
        lost += 1;
        setTimeout(drop, COMMIT_SETTLE_MS);
      }
    });
    upstream.on("data", (chunk: Buffer) => {
      if (answering) client.write(chunk);
    });
    client.on("end", () => upstream.end());
    upstream.on("end", () => client.end());
  });
  await new Promise<void>((resolve) => server.listen(0, "localhost", resolve));
  return {
    port: (server.address() as net.AddressInfo).port,
    cut() {
      cut = true;
      for (const socket of open) socket.destroy();
    },
    restore() {
      cut = false;
    },
    loseNextAnswerTo(statementText) {
      loseAnswerTo = Buffer.from(statementText);
    },
    lostAnswers: () => lost,
    async close() {
      for (const socket of open) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
