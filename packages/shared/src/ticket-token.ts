// The QR on a ticket: a token signed with Ed25519, in one of two formats.
//   NT2.<code>.<base32(event tag ‖ issued at)>.<base32(64-byte Ed25519 signature of everything before the last dot)>
//     What tickets get now. Upper-case letters, digits and dots only, so the QR encodes it in alphanumeric mode
//     (5.5 bits a character instead of 8): about 130 characters, a version 5–6 QR instead of version 11–13,
//     with modules large enough to scan fast in a dark club. The ticket is named by its short code (unique per
//     event) and a 4-byte tag of its event (the first bytes of SHA-256 of the event id), so a door can tell a
//     ticket of another event from an unknown one, offline too.
//   NT1.<base64url(JSON payload)>.<base64url(64-byte Ed25519 signature of "NT1.<payload part>")>
//     The first format, with the full ids; tickets issued with it stay valid.
// The server signs with the private key (node:crypto); the door verifies with the public key through WebCrypto,
// which both Node 24 and the browser have, so a door without signal checks signatures itself.
import { z } from 'zod';

export const TICKET_TOKEN_PREFIX = 'NT1';
export const COMPACT_TOKEN_PREFIX = 'NT2';
const EVENT_TAG_BYTES = 4;

export const ticketTokenPayloadSchema = z.object({
  t: z.string().min(1), // ticket id
  e: z.string().min(1), // event id
  h: z.string().min(1), // holder's user id
  i: z.number().int().nonnegative(), // issued at, seconds since the epoch
});
export type TicketTokenPayload = z.infer<typeof ticketTokenPayloadSchema>;

// What an NT2 token names: the ticket's short code, its event's tag (base32) and when it was issued.
export type CompactTicketPayload = { c: string; g: string; i: number };
export type AnyTicketPayload = TicketTokenPayload | CompactTicketPayload;

export const isCompactPayload = (payload: AnyTicketPayload): payload is CompactTicketPayload =>
  'c' in payload;

export function base64urlEncode(bytes: Uint8Array): string {
  let binary = '';
  for (const b of bytes) binary += String.fromCharCode(b);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

export function base64urlDecode(text: string): Uint8Array<ArrayBuffer> {
  if (!/^[A-Za-z0-9_-]*$/.test(text)) throw new Error('not base64url');
  const binary = atob(text.replace(/-/g, '+').replace(/_/g, '/') + '='.repeat((4 - (text.length % 4)) % 4));
  const out = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) out[i] = binary.charCodeAt(i);
  return out;
}

// RFC 4648 base32 without padding: its alphabet (A–Z, 2–7) is inside the QR's alphanumeric set.
const BASE32 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';

export function base32Encode(bytes: Uint8Array): string {
  let out = '';
  let buffer = 0;
  let bits = 0;
  for (const byte of bytes) {
    buffer = (buffer << 8) | byte;
    bits += 8;
    while (bits >= 5) {
      out += BASE32[(buffer >>> (bits - 5)) & 31];
      bits -= 5;
    }
    buffer &= (1 << bits) - 1;
  }
  if (bits > 0) out += BASE32[(buffer << (5 - bits)) & 31];
  return out;
}

export function base32Decode(text: string): Uint8Array<ArrayBuffer> {
  const out = new Uint8Array(Math.floor((text.length * 5) / 8));
  let buffer = 0;
  let bits = 0;
  let n = 0;
  for (const char of text) {
    const value = BASE32.indexOf(char);
    if (value < 0) throw new Error('not base32');
    buffer = ((buffer << 5) | value) & 0xffff;
    bits += 5;
    if (bits >= 8) {
      out[n++] = (buffer >>> (bits - 8)) & 255;
      bits -= 8;
    }
  }
  return out;
}

// The event tag an NT2 token carries, from the SHA-256 of the event id (the server computes it with
// node:crypto; the door, offline, with WebCrypto).
export function eventTagOf(sha256OfEventId: Uint8Array): string {
  return base32Encode(sha256OfEventId.subarray(0, EVENT_TAG_BYTES));
}

export async function eventTag(eventId: string): Promise<string> {
  return eventTagOf(new Uint8Array(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(eventId))));
}

// What gets signed in an NT2 token: everything before the signature.
export function compactSignedPart(payload: CompactTicketPayload): string {
  const tail = new Uint8Array(EVENT_TAG_BYTES + 4);
  tail.set(base32Decode(payload.g).subarray(0, EVENT_TAG_BYTES));
  new DataView(tail.buffer).setUint32(EVENT_TAG_BYTES, payload.i);
  return `${COMPACT_TOKEN_PREFIX}.${payload.c}.${base32Encode(tail)}`;
}

export function assembleCompactToken(signed: string, signature: Uint8Array): string {
  return `${signed}.${base32Encode(signature)}`;
}

// What gets signed: the prefix and the payload part, exactly as they appear in the token.
export function signedPart(payload: TicketTokenPayload): string {
  return `${TICKET_TOKEN_PREFIX}.${base64urlEncode(new TextEncoder().encode(JSON.stringify(payload)))}`;
}

export function assembleToken(signed: string, signature: Uint8Array): string {
  return `${signed}.${base64urlEncode(signature)}`;
}

export type TokenCheck =
  { ok: true; payload: AnyTicketPayload } | { ok: false; reason: 'malformed' | 'forged' };

type DecodedToken = { signed: string; payload: AnyTicketPayload; signature: Uint8Array<ArrayBuffer> };

const COMPACT_TOKEN = /^NT2\.([2-9A-HJKMNPQRSTWXYZ]{8})\.([A-Z2-7]{13})\.([A-Z2-7]{103})$/;

function decodeCompactToken(token: string): DecodedToken | null {
  const match = COMPACT_TOKEN.exec(token);
  if (!match) return null;
  const tail = base32Decode(match[2]!);
  const signature = base32Decode(match[3]!);
  // One spelling per signature: a re-spelt last character would otherwise pass for another token.
  if (signature.length !== 64 || base32Encode(signature) !== match[3]) return null;
  return {
    signed: `${COMPACT_TOKEN_PREFIX}.${match[1]}.${match[2]}`,
    payload: {
      c: match[1]!,
      g: base32Encode(tail.subarray(0, EVENT_TAG_BYTES)),
      i: new DataView(tail.buffer).getUint32(EVENT_TAG_BYTES),
    },
    signature,
  };
}

// Splits and decodes without checking the signature (e.g. to look up which ticket a scan claims to be).
export function decodeTicketToken(token: string): DecodedToken | null {
  const trimmed = token.trim();
  if (trimmed.startsWith(`${COMPACT_TOKEN_PREFIX}.`)) return decodeCompactToken(trimmed);
  const parts = trimmed.split('.');
  if (parts.length !== 3 || parts[0] !== TICKET_TOKEN_PREFIX) return null;
  try {
    const payload = ticketTokenPayloadSchema.safeParse(
      JSON.parse(new TextDecoder().decode(base64urlDecode(parts[1]!))),
    );
    const signature = base64urlDecode(parts[2]!);
    if (!payload.success || signature.length !== 64) return null;
    return { signed: `${parts[0]}.${parts[1]}`, payload: payload.data, signature };
  } catch {
    return null;
  }
}

export async function importTicketPublicKey(rawBase64url: string): Promise<CryptoKey> {
  return crypto.subtle.importKey('raw', base64urlDecode(rawBase64url), { name: 'Ed25519' }, false, [
    'verify',
  ]);
}

// "malformed" when it is not a Nocturna ticket at all, "forged" when the signature does not match.
export async function verifyTicketToken(token: string, publicKey: CryptoKey): Promise<TokenCheck> {
  const decoded = decodeTicketToken(token);
  if (!decoded) return { ok: false, reason: 'malformed' };
  const valid = await crypto.subtle.verify(
    { name: 'Ed25519' },
    publicKey,
    decoded.signature,
    new TextEncoder().encode(decoded.signed),
  );
  return valid ? { ok: true, payload: decoded.payload } : { ok: false, reason: 'forged' };
}
