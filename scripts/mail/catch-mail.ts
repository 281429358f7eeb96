import { simpleParser } from "mailparser";
import { SMTPServer } from "smtp-server";

/*
 * A local mail catcher for trying outbound email: accepts every message on MAIL_CATCHER_PORT
 * (default 1025), sends nothing anywhere, and prints each one with its threading headers.
 * Run `npm run mail:catcher`, then start the app with SMTP_URL=smtp://localhost:1025.
 */

const port = Number(process.env.MAIL_CATCHER_PORT ?? 1025);

const server = new SMTPServer({
  authOptional: true,
  disabledCommands: ["STARTTLS"],
  logger: false,
  onAuth(_auth, _session, callback) {
    callback(null, { user: "catcher" });
  },
  onData(stream, _session, callback) {
    simpleParser(stream).then((mail) => {
      const to = Array.isArray(mail.to)
        ? mail.to.map((item) => item.text).join(", ")
        : mail.to?.text;
      process.stdout.write(
        [
          `--- ${new Date().toISOString()}`,
          `From: ${mail.from?.text ?? ""}`,
          `To: ${to ?? ""}`,
          `Subject: ${mail.subject ?? ""}`,
          `Message-ID: ${mail.messageId ?? ""}`,
          `In-Reply-To: ${mail.inReplyTo ?? ""}`,
          "",
          (mail.text ?? "").trim(),
          "",
        ].join("\n"),
      );
      callback();
    }, callback);
  },
});

server.listen(port, "127.0.0.1", () => {
  process.stdout.write(`Catching mail on smtp://localhost:${port} (Ctrl+C to stop)\n`);
});
