// Posters and logos drawn by Nocturna itself from a club's name and colour: nothing is hot-linked.
import { nightLabel } from '@nocturna/shared';

const escapeXml = (text: string) =>
  text.replace(
    /[<>&'"]/g,
    (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', "'": '&apos;', '"': '&quot;' })[c]!,
  );

function hashOf(text: string): number {
  let h = 2166136261;
  for (const ch of text) h = Math.imul(h ^ ch.codePointAt(0)!, 16777619);
  return h >>> 0;
}

function shiftHue(hex: string, degrees: number): string {
  const n = Number.parseInt(hex.slice(1), 16);
  const [r, g, b] = [(n >> 16) & 255, (n >> 8) & 255, n & 255].map((v) => v / 255) as [
    number,
    number,
    number,
  ];
  const max = Math.max(r, g, b);
  const min = Math.min(r, g, b);
  const l = (max + min) / 2;
  const d = max - min;
  const s = d === 0 ? 0 : d / (1 - Math.abs(2 * l - 1));
  let h = 0;
  if (d !== 0) h = max === r ? ((g - b) / d) % 6 : max === g ? (b - r) / d + 2 : (r - g) / d + 4;
  return `hsl(${Math.round((h * 60 + degrees + 360) % 360)} ${Math.round(s * 100)}% ${Math.round(l * 100)}%)`;
}

function initials(name: string): string {
  const words = name
    .replace(/[^\p{L}\p{N} ]/gu, ' ')
    .split(/\s+/)
    .filter(Boolean);
  return (words.length > 1 ? words[0]![0]! + words[1]![0]! : (words[0] ?? 'N').slice(0, 2)).toUpperCase();
}

function wrap(text: string, maxChars: number, maxLines: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(/\s+/)) {
    if ((line + ' ' + word).trim().length > maxChars && line) {
      lines.push(line);
      line = word;
    } else line = (line + ' ' + word).trim();
  }
  if (line) lines.push(line);
  return lines.slice(0, maxLines);
}

export function clubLogoSvg(name: string, color: string): string {
  const accent = shiftHue(color, 50);
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 256 256" width="256" height="256">
<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${color}"/><stop offset="1" stop-color="${accent}"/></linearGradient></defs>
<rect width="256" height="256" rx="56" fill="#0b0614"/>
<circle cx="128" cy="128" r="104" fill="none" stroke="url(#g)" stroke-width="10"/>
<circle cx="128" cy="128" r="84" fill="url(#g)" opacity="0.18"/>
<text x="128" y="150" text-anchor="middle" font-family="DejaVu Sans, Arial, sans-serif" font-weight="700" font-size="68" fill="#fff" letter-spacing="2">${escapeXml(initials(name))}</text>
</svg>`;
}

export function clubCoverSvg(name: string, barrio: string, color: string): string {
  const seed = hashOf(name);
  const accent = shiftHue(color, 60);
  const bars = Array.from({ length: 24 }, (_, i) => {
    const h = 40 + ((seed >> (i % 24)) % 160) + ((i * 37) % 60);
    return `<rect x="${i * 50 + 8}" y="${630 - h}" width="30" height="${h}" rx="6" fill="url(#g)" opacity="${0.25 + (i % 4) * 0.12}"/>`;
  }).join('');
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 1200 630" width="1200" height="630">
<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${color}"/><stop offset="1" stop-color="${accent}"/></linearGradient>
<radialGradient id="glow" cx="0.8" cy="0.1" r="0.9"><stop offset="0" stop-color="${color}" stop-opacity="0.55"/><stop offset="1" stop-color="#0b0614" stop-opacity="0"/></radialGradient></defs>
<rect width="1200" height="630" fill="#0b0614"/><rect width="1200" height="630" fill="url(#glow)"/>${bars}
<text x="64" y="120" font-family="DejaVu Sans, Arial, sans-serif" font-size="30" fill="#e9d5ff" letter-spacing="8">${escapeXml(barrio.toUpperCase())} · MADRID</text>
${wrap(name, 18, 2)
  .map(
    (l, i) =>
      `<text x="60" y="${250 + i * 110}" font-family="DejaVu Sans, Arial, sans-serif" font-weight="700" font-size="110" fill="#fff">${escapeXml(l)}</text>`,
  )
  .join('')}
</svg>`;
}

export function eventCoverSvg(event: {
  name: string;
  clubName: string;
  startAt: Date;
  color: string;
  lineup: string[];
  lang?: 'es' | 'en';
}): string {
  const accent = shiftHue(event.color, 90);
  const seed = hashOf(event.name);
  // The night it belongs to: a 00:00 start on Sunday is Saturday night.
  const date = nightLabel(event.startAt, event.lang ?? 'es').toUpperCase();
  const rings = Array.from({ length: 7 }, (_, i) => {
    const r = 80 + i * 70;
    return `<circle cx="${900 + (seed % 120)}" cy="${150 + ((seed >> 8) % 140)}" r="${r}" fill="none" stroke="url(#g)" stroke-width="${14 - i * 1.5}" opacity="${0.9 - i * 0.11}"/>`;
  }).join('');
  const titleLines = wrap(event.name.toUpperCase(), 16, 3);
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 1200 630" width="1200" height="630">
<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${event.color}"/><stop offset="1" stop-color="${accent}"/></linearGradient>
<linearGradient id="fade" x1="0" y1="0" x2="1" y2="0"><stop offset="0" stop-color="#0b0614"/><stop offset="0.55" stop-color="#0b0614" stop-opacity="0.7"/><stop offset="1" stop-color="#0b0614" stop-opacity="0"/></linearGradient></defs>
<rect width="1200" height="630" fill="#120a22"/>${rings}<rect width="1200" height="630" fill="url(#fade)"/>
<text x="60" y="100" font-family="DejaVu Sans, Arial, sans-serif" font-size="34" font-weight="700" fill="${event.color}" letter-spacing="6">${escapeXml(date)}</text>
${titleLines
  .map(
    (l, i) =>
      `<text x="56" y="${220 + i * 96}" font-family="DejaVu Sans, Arial, sans-serif" font-weight="700" font-size="88" fill="#fff">${escapeXml(l)}</text>`,
  )
  .join('')}
<text x="60" y="${250 + titleLines.length * 96}" font-family="DejaVu Sans, Arial, sans-serif" font-size="30" fill="#e9d5ff">${escapeXml(event.lineup.slice(0, 3).join(' · '))}</text>
<text x="60" y="580" font-family="DejaVu Sans, Arial, sans-serif" font-size="32" fill="#fff" opacity="0.85" letter-spacing="4">@ ${escapeXml(event.clubName.toUpperCase())}</text>
</svg>`;
}

// The picture of an event's poster without its words: a square for the lists, where the card prints the name, the
// night and the club beside it (the poster's text would only repeat them, too small to read). Same colours and rings
// as the poster, centred so a wide crop of it looks right too.
export function eventArtSvg(event: { name: string; color: string }): string {
  const accent = shiftHue(event.color, 90);
  const seed = hashOf(event.name);
  const cx = 330 + (seed % 140);
  const cy = 330 + ((seed >> 8) % 140);
  const rings = Array.from({ length: 7 }, (_, i) => {
    const r = 50 + i * 62;
    return `<circle cx="${cx}" cy="${cy}" r="${r}" fill="none" stroke="url(#g)" stroke-width="${16 - i * 1.6}" opacity="${0.95 - i * 0.11}"/>`;
  }).join('');
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 800 800" width="800" height="800">
<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${event.color}"/><stop offset="1" stop-color="${accent}"/></linearGradient>
<radialGradient id="glow" cx="${cx / 800}" cy="${cy / 800}" r="0.7"><stop offset="0" stop-color="${event.color}" stop-opacity="0.45"/><stop offset="1" stop-color="#120a22" stop-opacity="0"/></radialGradient></defs>
<rect width="800" height="800" fill="#120a22"/><rect width="800" height="800" fill="url(#glow)"/>${rings}
</svg>`;
}
