// The ticket signing key (Ed25519, node:crypto) and the signer every server uses for QR tokens.
// TICKET_SIGNING_KEY (PKCS#8 PEM, or base64 of the PKCS#8 DER or of the 32-byte seed) is shared by every server;
// without it the embedded default keeps a generated key in DATA_DIR, so QR codes survive a restart.
import crypto, { type KeyObject } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import fp from 'fastify-plugin';
import {
  assembleCompactToken,
  assembleToken,
  compactSignedPart,
  decodeTicketToken,
  eventTagOf,
  isCompactPayload,
  signedPart,
  type AnyTicketPayload,
  type TokenCheck,
} from '@nocturna/shared';
import type { Config } from '../../config.ts';

export type TicketSigner = {
  // Raw 32-byte public key, base64url: what the door imports with importTicketPublicKey().
  publicKey: string;
  // An NT2 token for a { c, g, i } payload (what tickets get), an NT1 token for a { t, e, h, i } one.
  sign(payload: AnyTicketPayload): string;
  // Signature only; whether the token is the ticket's current one is checkTicketToken's question.
  verify(token: string): TokenCheck;
};

const KEY_FILE = 'ticket-signing-key.pem';
// PKCS#8 DER header of an Ed25519 private key; the 32-byte seed follows it.
const ED25519_PKCS8_PREFIX = Buffer.from('302e020100300506032b657004220420', 'hex');

export function parseSigningKey(value: string): KeyObject {
  const text = value.trim();
  let key: KeyObject;
  try {
    if (text.includes('-----BEGIN')) key = crypto.createPrivateKey({ key: text, format: 'pem' });
    else {
      const der = Buffer.from(text.replace(/-/g, '+').replace(/_/g, '/'), 'base64');
      key = crypto.createPrivateKey({
        key: der.length === 32 ? Buffer.concat([ED25519_PKCS8_PREFIX, der]) : der,
        format: 'der',
        type: 'pkcs8',
      });
    }
  } catch {
    throw new Error(
      'TICKET_SIGNING_KEY no es una clave privada válida: usa un PEM PKCS#8 Ed25519, o su DER (o la semilla de 32 bytes) en base64.',
    );
  }
  if (key.asymmetricKeyType !== 'ed25519')
    throw new Error(`TICKET_SIGNING_KEY debe ser una clave Ed25519, no ${key.asymmetricKeyType}.`);
  return key;
}

// The configured key, else the one kept in DATA_DIR, else a new one written there ('wx': two processes starting
// at once agree on the first key written).
export function resolveSigningKey(config: Pick<Config, 'dataDir' | 'ticketSigningKey'>): KeyObject {
  if (config.ticketSigningKey) return parseSigningKey(config.ticketSigningKey);
  const file = path.join(config.dataDir, KEY_FILE);
  try {
    return parseSigningKey(fs.readFileSync(file, 'utf8'));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  fs.mkdirSync(config.dataDir, { recursive: true });
  const pem = crypto
    .generateKeyPairSync('ed25519')
    .privateKey.export({ format: 'pem', type: 'pkcs8' })
    .toString();
  try {
    fs.writeFileSync(file, pem, { mode: 0o600, flag: 'wx' });
  } catch {
    return parseSigningKey(fs.readFileSync(file, 'utf8'));
  }
  return parseSigningKey(pem);
}

export function createTicketSigner(privateKey: KeyObject): TicketSigner {
  const publicKeyObject = crypto.createPublicKey(privateKey);
  const publicKey = publicKeyObject.export({ format: 'jwk' }).x!;
  return {
    publicKey,
    sign(payload) {
      if (isCompactPayload(payload)) {
        const signed = compactSignedPart(payload);
        return assembleCompactToken(signed, crypto.sign(null, Buffer.from(signed), privateKey));
      }
      const signed = signedPart(payload);
      return assembleToken(signed, crypto.sign(null, Buffer.from(signed), privateKey));
    },
    verify(token) {
      const decoded = decodeTicketToken(token);
      if (!decoded) return { ok: false, reason: 'malformed' };
      const valid = crypto.verify(null, Buffer.from(decoded.signed), publicKeyObject, decoded.signature);
      return valid ? { ok: true, payload: decoded.payload } : { ok: false, reason: 'forged' };
    },
  };
}

// The tag of an event in NT2 tokens, computed in memory (the same value as the shared, async eventTag()).
export function eventTagSync(eventId: string): string {
  return eventTagOf(crypto.createHash('sha256').update(eventId).digest());
}

declare module 'fastify' {
  interface FastifyInstance {
    ticketSigner: TicketSigner;
  }
}

// Decorates the app with `ticketSigner` for every feature (tickets issue tokens, the door checks them).
export const ticketSigningPlugin = fp(
  async (app) => {
    app.decorate('ticketSigner', createTicketSigner(resolveSigningKey(app.config)));
  },
  { name: 'ticket-signing' },
);
