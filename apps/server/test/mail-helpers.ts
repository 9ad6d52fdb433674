// A local SMTP server for the mail tests (smtp-server), keeping every message it accepts parsed (mailparser).
// `down` makes it refuse connections, as a mail server that is away would.
import { SMTPServer } from 'smtp-server';
import { simpleParser, type ParsedMail } from 'mailparser';
import type { AddressInfo } from 'node:net';
import type { Config } from '../src/config.ts';
import { createTestApp, type Dialect, type TestApp } from './test-app.ts';

export type LocalSmtp = {
  url: string;
  mails: ParsedMail[];
  setDown(down: boolean): void;
  // Resolves with the first mail to `to` (with that subject, if given) that arrives, already or later.
  waitFor(to: string, subject?: string, timeoutMs?: number): Promise<ParsedMail>;
  close(): Promise<void>;
};

export async function startSmtp(): Promise<LocalSmtp> {
  const mails: ParsedMail[] = [];
  const waiters: Array<() => void> = [];
  let down = false;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onConnect(_session, callback) {
      if (down) return callback(new Error('Servicio no disponible'));
      callback();
    },
    onData(stream, _session, callback) {
      simpleParser(stream)
        .then((mail) => {
          mails.push(mail);
          for (const wake of waiters.splice(0)) wake();
          callback();
        })
        .catch(callback);
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  const recipient = (mail: ParsedMail) =>
    (Array.isArray(mail.to) ? mail.to : mail.to ? [mail.to] : []).flatMap((a) =>
      a.value.map((v) => v.address),
    );
  return {
    url: `smtp://127.0.0.1:${port}`,
    mails,
    setDown: (value) => (down = value),
    waitFor: (to, subject, timeoutMs = 10_000) =>
      new Promise((resolve, reject) => {
        const deadline = setTimeout(
          () => reject(new Error(`no mail for ${to} within ${timeoutMs} ms`)),
          timeoutMs,
        );
        const check = () => {
          const found = mails.find(
            (m) =>
              recipient(m).includes(to.toLowerCase()) && (subject === undefined || m.subject === subject),
          );
          if (found) {
            clearTimeout(deadline);
            resolve(found);
          } else waiters.push(check);
        };
        check();
      }),
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

export function firstLink(text: string, pathPart: string): string {
  const match = text.match(new RegExp(`https?://[^\\s]*${pathPart.replace(/[/?]/g, '\\$&')}[^\\s]*`));
  if (!match) throw new Error(`no link with ${pathPart} in:\n${text}`);
  return match[0];
}

export type AppWithSmtp = TestApp & { smtp: LocalSmtp };

// A test app on `dialect` whose mail goes to a fresh local SMTP server; its `close` stops both.
export async function appWithSmtp(dialect: Dialect, overrides: Partial<Config> = {}): Promise<AppWithSmtp> {
  const smtp = await startSmtp();
  const t = await createTestApp(dialect, {
    publicUrl: 'http://localhost:3000',
    mail: { smtpUrl: smtp.url, from: 'Nocturna <no-reply@nocturna.es>', outboxPage: false },
    ...overrides,
  });
  return {
    ...t,
    smtp,
    close: async () => {
      await t.close();
      await smtp.close();
    },
  };
}
