// "Añadir a Apple Wallet": a ticket as an event-ticket .pkpass built and signed by passkit-generator with the
// configured pass certificate. Its QR carries the same token as the ticket's QR in the app, so the door scans
// either. Labels and the night's wording are in Spanish, with an English localisation (pass.strings per language).
import sharp from 'sharp';
import { PKPass } from 'passkit-generator';
import { nightLabel, type Ticket } from '@nocturna/shared';
import { formatTicketCode } from '@nocturna/shared/ticket-code';
import type { AppleWalletConfig } from '../../wallet-config.ts';

// Nocturna's app icon (apps/web/public/icons/icon.svg), drawn at the sizes Wallet asks for.
const ICON_SVG = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 512 512"><defs><linearGradient id="bg" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#a855f7"/><stop offset="1" stop-color="#f43f5e"/></linearGradient></defs><rect width="512" height="512" rx="128" fill="url(#bg)"/><path d="M324 112a152 152 0 1 0 76 268.8A128 128 0 0 1 324 112Z" fill="#0b0614"/><circle cx="360" cy="152" r="20" fill="#fff"/></svg>`;
const ICON_SIZES = {
  'icon.png': 29,
  'icon@2x.png': 58,
  'icon@3x.png': 87,
  'logo.png': 50,
  'logo@2x.png': 100,
};

let images: Promise<Record<string, Buffer>> | null = null;
function passImages(): Promise<Record<string, Buffer>> {
  images ??= Promise.all(
    Object.entries(ICON_SIZES).map(
      async ([name, size]) =>
        [name, await sharp(Buffer.from(ICON_SVG)).resize(size, size).png().toBuffer()] as const,
    ),
  ).then(Object.fromEntries);
  return images;
}

// The pass's words: field labels are keys of pass.strings, and so is the night (its value differs by language).
const WORDS = {
  es: {
    description: 'Entrada de Nocturna',
    EVENT: 'Evento',
    CLUB: 'Discoteca',
    NIGHT: 'Noche',
    TYPE: 'Entrada',
    HOLDER: 'A nombre de',
    CODE: 'Código',
    ADDRESS: 'Dirección',
    DOOR: 'En la puerta',
    DOOR_NOTE: 'Enseña este QR en la puerta. Si no se lee, dales el código.',
    LINK: 'Más información',
  },
  en: {
    description: 'Nocturna ticket',
    EVENT: 'Event',
    CLUB: 'Club',
    NIGHT: 'Night',
    TYPE: 'Ticket',
    HOLDER: 'Name',
    CODE: 'Code',
    ADDRESS: 'Address',
    DOOR: 'At the door',
    DOOR_NOTE: 'Show this QR at the door. If it will not scan, give them the code.',
    LINK: 'More information',
  },
} as const;

export function appleWalletFileName(ticket: Ticket): string {
  const slug = ticket.event.slug
    .normalize('NFD')
    .replace(/[^A-Za-z0-9-]+/g, '-')
    .replace(/-+/g, '-')
    .slice(0, 60);
  return `nocturna-${slug || 'entrada'}.pkpass`;
}

// The .pkpass of a ticket that can open the door (the caller checks that it is live and has its token).
export async function appleWalletPass(
  config: AppleWalletConfig,
  ticket: Ticket & { token: string },
  origin: string,
): Promise<Buffer> {
  const start = new Date(ticket.event.startAt);
  const passJson = {
    formatVersion: 1,
    passTypeIdentifier: config.passTypeId,
    teamIdentifier: config.teamId,
    organizationName: 'Nocturna',
    description: 'description',
    // One serial per ticket: saving it again replaces the same pass.
    serialNumber: ticket.id,
    logoText: 'Nocturna',
    backgroundColor: 'rgb(11, 6, 20)',
    foregroundColor: 'rgb(255, 255, 255)',
    labelColor: 'rgb(216, 180, 254)',
    eventTicket: {},
  };
  const pass = new PKPass(
    { 'pass.json': Buffer.from(JSON.stringify(passJson)), ...(await passImages()) },
    {
      wwdr: config.wwdr,
      signerCert: config.signerCert,
      signerKey: config.signerKey,
    },
  );
  const code = ticket.code ? formatTicketCode(ticket.code) : ticket.id;
  pass.headerFields.push({ key: 'night', label: 'NIGHT', value: 'NIGHT_VALUE' });
  pass.primaryFields.push({ key: 'event', label: 'EVENT', value: ticket.event.name });
  pass.secondaryFields.push(
    { key: 'club', label: 'CLUB', value: ticket.club.name },
    { key: 'type', label: 'TYPE', value: ticket.type },
  );
  pass.auxiliaryFields.push(
    { key: 'holder', label: 'HOLDER', value: ticket.holderName },
    { key: 'code', label: 'CODE', value: code },
  );
  pass.backFields.push(
    { key: 'address', label: 'ADDRESS', value: [ticket.club.name, ticket.club.address].join(', ') },
    { key: 'door', label: 'DOOR', value: 'DOOR_NOTE' },
    { key: 'link', label: 'LINK', value: `${origin}/evento/${encodeURIComponent(ticket.event.slug)}` },
  );
  pass.setBarcodes({
    format: 'PKBarcodeFormatQR',
    message: ticket.token,
    messageEncoding: 'iso-8859-1',
    altText: code,
  });
  pass.setRelevantDate(start);
  pass.setExpirationDate(new Date(ticket.event.endAt));
  if (Number.isFinite(ticket.club.latitude) && Number.isFinite(ticket.club.longitude))
    pass.setLocations({
      latitude: ticket.club.latitude,
      longitude: ticket.club.longitude,
      relevantText: ticket.event.name,
    });
  for (const lang of ['es', 'en'] as const) {
    pass.localize(lang, { ...WORDS[lang], NIGHT_VALUE: nightLabel(start, lang) });
  }
  return pass.getAsBuffer();
}
