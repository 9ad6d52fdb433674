// A local SMTP server for the mail benchmark that counts what it accepted per envelope recipient (each mail of the
// benchmark goes to its own address, so a mail counted twice was delivered twice). It can be stopped hard — open
// sessions get 421 at once, as a mail server that goes away would — and started again on the same port.
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

export type SmtpSink = {
  url: string;
  received: Map<string, number>;
  total: () => number;
  stop: () => Promise<void>;
  start: () => Promise<void>;
  close: () => Promise<void>;
};

export async function startSmtpSink(): Promise<SmtpSink> {
  const received = new Map<string, number>();
  let total = 0;
  const make = () =>
    new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS', 'AUTH'],
      logger: false,
      closeTimeout: 1,
      disableReverseLookup: true,
      onData(stream, session, callback) {
        stream.on('data', () => undefined);
        stream.on('end', () => {
          for (const rcpt of session.envelope.rcptTo) {
            received.set(rcpt.address, (received.get(rcpt.address) ?? 0) + 1);
            total++;
          }
          callback();
        });
      },
    });
  const listen = (server: SMTPServer, port: number) =>
    new Promise<void>((resolve, reject) => {
      server.server.once('error', reject);
      server.listen(port, '127.0.0.1', () => resolve());
    });
  const closeServer = (server: SMTPServer) => new Promise<void>((resolve) => server.close(() => resolve()));

  let server: SMTPServer | null = make();
  await listen(server, 0);
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    total: () => total,
    stop: async () => {
      if (!server) return;
      const closing = server;
      server = null;
      await closeServer(closing);
    },
    start: async () => {
      if (server) return;
      server = make();
      await listen(server, port);
    },
    close: async () => {
      if (server) await closeServer(server);
      server = null;
    },
  };
}
