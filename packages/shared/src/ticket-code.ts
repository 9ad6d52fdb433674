// A ticket's short code: what a person reads out at the door, types into the door's search, and sees on the
// ticket. Eight characters from an alphabet without the ones people confuse (0/O, 1/I/L, U/V): 29^8 ≈ 5·10^11
// codes, unique per event (the database holds that with a unique index).
export const TICKET_CODE_ALPHABET = '23456789ABCDEFGHJKMNPQRSTWXYZ';
export const TICKET_CODE_LENGTH = 8;
export const TICKET_CODE_PATTERN = /^[2-9A-HJKMNPQRSTWXYZ]{8}$/;

// What someone typed, as a code could be stored: upper case, without the spaces and dashes it is shown with.
export function normalizeTicketCode(input: string): string {
  return input.toUpperCase().replace(/[\s-]/g, '');
}

export function isTicketCode(input: string): boolean {
  return TICKET_CODE_PATTERN.test(normalizeTicketCode(input));
}

// "K7QM-4XR9": two groups of four read more easily aloud and at a glance.
export function formatTicketCode(code: string): string {
  return `${code.slice(0, 4)}-${code.slice(4)}`;
}

// A fresh random code (WebCrypto's generator, in Node and the browser alike). Bytes of 232 and above are drawn
// again, so every character of the 29 is equally likely (232 = 8 × 29).
export function randomTicketCode(): string {
  const limit = 256 - (256 % TICKET_CODE_ALPHABET.length);
  let code = '';
  while (code.length < TICKET_CODE_LENGTH) {
    for (const byte of crypto.getRandomValues(new Uint8Array(TICKET_CODE_LENGTH * 2))) {
      if (byte < limit && code.length < TICKET_CODE_LENGTH)
        code += TICKET_CODE_ALPHABET[byte % TICKET_CODE_ALPHABET.length];
    }
  }
  return code;
}
