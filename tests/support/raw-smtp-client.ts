import net from "node:net";

/*
 * A bare SMTP client for tests that need what nodemailer will not do: stream a DATA section of
 * any size (it never announces SIZE, so the server sees every byte) and report the final reply.
 */
export async function sendRawSmtp(
  port: number,
  envelope: { from: string; to: string },
  writeData: (socket: net.Socket) => Promise<void>,
): Promise<{ code: number; reply: string }> {
  const socket = net.connect(port, "127.0.0.1");
  socket.setEncoding("utf8");
  let buffered = "";
  const waiters: ((line: string) => void)[] = [];
  socket.on("data", (text: string) => {
    buffered += text;
    for (;;) {
      // A reply ends with a line whose code is followed by a space.
      const match = /^(\d{3}) .*\r\n/m.exec(buffered);
      if (!match) break;
      const end = match.index + match[0].length;
      const reply = buffered.slice(0, end);
      buffered = buffered.slice(end);
      waiters.shift()?.(reply);
    }
  });
  const closed = new Promise<string>((resolve) => socket.once("close", () => resolve("closed")));
  const next = () =>
    Promise.race([new Promise<string>((resolve) => waiters.push(resolve)), closed]);
  const command = (line: string) => {
    socket.write(`${line}\r\n`);
    return next();
  };
  try {
    await next();
    await command("EHLO test.example");
    await command(`MAIL FROM:<${envelope.from}>`);
    await command(`RCPT TO:<${envelope.to}>`);
    const ready = await command("DATA");
    if (!ready.startsWith("354")) return { code: Number(ready.slice(0, 3)) || 0, reply: ready };
    const reply = next();
    await writeData(socket);
    socket.write("\r\n.\r\n");
    const answer = await reply;
    socket.write("QUIT\r\n");
    return { code: Number(answer.slice(0, 3)) || 0, reply: answer };
  } finally {
    socket.end();
  }
}

/** Writes `totalBytes` of message text in 64 KiB pieces, waiting whenever the socket is full. */
export async function writeFiller(socket: net.Socket, header: string, totalBytes: number) {
  socket.write(header);
  const line = `${"x".repeat(998)}\r\n`;
  const piece = Buffer.from(line.repeat(64));
  for (let sent = 0; sent < totalBytes; sent += piece.length) {
    if (!socket.write(piece)) {
      await new Promise((resolve) => socket.once("drain", resolve));
    }
  }
}
