// Where mail goes: SMTP when SMTP_URL is set; otherwise each message is written to DATA_DIR/outbox as an .eml file
// (what a mail client opens) with a .json beside it that the dev outbox page reads.
import fs from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';
import type { Attachment } from 'nodemailer/lib/mailer/index.js';
import { uuidv7 } from 'uuidv7';
import type { Config } from '../../config.ts';
import * as clock from '../../clock.ts';

export type OutgoingMail = {
  to: string;
  subject: string;
  text: string;
  html: string;
  attachments?: Attachment[];
  replyTo?: string;
};

export type MailTransport = {
  kind: 'smtp' | 'outbox';
  send(mail: OutgoingMail): Promise<void>;
  close(): void;
};

export type OutboxEntry = {
  id: string;
  to: string;
  subject: string;
  text: string;
  html: string;
  createdAt: string;
};

const SMTP_CONNECT_TIMEOUT_MS = 15_000;
const SMTP_SILENCE_TIMEOUT_MS = 30_000;

export const outboxDir = (config: Pick<Config, 'dataDir'>) => path.join(config.dataDir, 'outbox');

export function createMailTransport(config: Pick<Config, 'dataDir' | 'mail'>): MailTransport {
  const from = config.mail.from;
  if (config.mail.smtpUrl) {
    // A send that hangs (a mail server that stopped answering mid-session) fails within about a minute and is
    // retried, well inside the job's 5-minute lease: nodemailer's own defaults (2 min to connect, 10 min of
    // silence) could outlast the lease, and another worker would then send the same mail again.
    const smtp = nodemailer.createTransport({
      url: config.mail.smtpUrl,
      connectionTimeout: SMTP_CONNECT_TIMEOUT_MS,
      greetingTimeout: SMTP_CONNECT_TIMEOUT_MS,
      socketTimeout: SMTP_SILENCE_TIMEOUT_MS,
    });
    return {
      kind: 'smtp',
      send: async (mail) => void (await smtp.sendMail({ from, ...mail })),
      close: () => smtp.close(),
    };
  }
  const stream = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  const dir = outboxDir(config);
  return {
    kind: 'outbox',
    send: async (mail) => {
      const info = await stream.sendMail({ from, ...mail });
      const createdAt = clock.now().toISOString();
      const id = uuidv7();
      await fs.mkdir(dir, { recursive: true });
      const entry: OutboxEntry = {
        id,
        to: mail.to,
        subject: mail.subject,
        text: mail.text,
        html: mail.html,
        createdAt,
      };
      // The .eml first: the .json is what lists the message, so a listed message always has its file.
      await fs.writeFile(path.join(dir, `${id}.eml`), info.message as Buffer);
      await fs.writeFile(path.join(dir, `${id}.json`), JSON.stringify(entry));
    },
    close: () => undefined,
  };
}

const ID = /^[0-9a-f-]{36}$/;

export async function listOutbox(config: Pick<Config, 'dataDir'>, limit = 50): Promise<OutboxEntry[]> {
  const dir = outboxDir(config);
  let names: string[];
  try {
    names = await fs.readdir(dir);
  } catch {
    return [];
  }
  // uuidv7 ids sort by time: newest first.
  const ids = names
    .filter((n) => n.endsWith('.json'))
    .map((n) => n.slice(0, -5))
    .filter((id) => ID.test(id))
    .sort()
    .reverse()
    .slice(0, limit);
  const entries = await Promise.all(ids.map((id) => readOutbox(config, id)));
  return entries.filter((e): e is OutboxEntry => e !== null);
}

export async function readOutbox(config: Pick<Config, 'dataDir'>, id: string): Promise<OutboxEntry | null> {
  if (!ID.test(id)) return null;
  try {
    return JSON.parse(await fs.readFile(path.join(outboxDir(config), `${id}.json`), 'utf8')) as OutboxEntry;
  } catch {
    return null;
  }
}
