// The QR on a ticket: a compact token signed with Ed25519 (DESIGN.md "tickets").
//   NT1.<base64url(JSON payload)>.<base64url(64-byte Ed25519 signature of "NT1.<payload part>")>
// The server signs with the private key (node:crypto); the door verifies with the public key through WebCrypto,
// which both Node 24 and the browser have, so a door without signal checks signatures itself.
import { z } from 'zod';

export const TICKET_TOKEN_PREFIX = 'NT1';

export const ticketTokenPayloadSchema = z.object({
  t: z.string().min(1), // ticket id
  e: z.string().min(1), // event id
  h: z.string().min(1), // holder's user id
  i: z.number().int().nonnegative(), // issued at, seconds since the epoch
});
export type TicketTokenPayload = z.infer<typeof ticketTokenPayloadSchema>;

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

// What gets signed: the prefix and the payload part, exactly as they appear in the token.
export function signedPart(payload: TicketTokenPayload): string {
  return `${TICKET_TOKEN_PREFIX}.${base64urlEncode(new TextEncoder().encode(JSON.stringify(payload)))}`;
}

export function assembleToken(signed: string, signature: Uint8Array): string {
  return `${signed}.${base64urlEncode(signature)}`;
}

export type TokenCheck =
  { ok: true; payload: TicketTokenPayload } | { ok: false; reason: 'malformed' | 'forged' };

// Splits and decodes without checking the signature (e.g. to look up which ticket a scan claims to be).
export function decodeTicketToken(
  token: string,
): { signed: string; payload: TicketTokenPayload; signature: Uint8Array<ArrayBuffer> } | null {
  const parts = token.trim().split('.');
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
