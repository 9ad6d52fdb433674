// The text a PDF written by pdfkit shows, for the tests: each content stream inflated (FlateDecode, as pdfkit
// compresses them) and the strings of its text operators (Tj / TJ, hex or literal, WinAnsi) joined per operator.
import { inflateSync } from 'node:zlib';

const WIN_ANSI: Record<number, string> = { 0x80: '€', 0x95: '•', 0x96: '–', 0x97: '—' };

function decodeHex(hex: string): string {
  let out = '';
  for (let i = 0; i + 1 < hex.length; i += 2) {
    const code = parseInt(hex.slice(i, i + 2), 16);
    out += WIN_ANSI[code] ?? String.fromCharCode(code);
  }
  return out;
}

function streams(pdf: Buffer): string[] {
  const out: string[] = [];
  const text = pdf.toString('latin1');
  const re = /<<([^]*?)>>\s*stream\r?\n/g;
  for (let m = re.exec(text); m; m = re.exec(text)) {
    const start = m.index + m[0].length;
    const end = text.indexOf('endstream', start);
    const raw = pdf.subarray(start, end);
    try {
      out.push((m[1]!.includes('/FlateDecode') ? inflateSync(raw) : raw).toString('latin1'));
    } catch {
      // A stream that is not text (an image, a font): skipped.
    }
  }
  return out;
}

export function pdfText(pdf: Buffer): string {
  const lines: string[] = [];
  for (const content of streams(pdf)) {
    const ops = /\[((?:[^\]\\]|\\.)*)\]\s*TJ|(<[0-9a-fA-F]*>|\((?:[^)\\]|\\.)*\))\s*Tj/g;
    for (let m = ops.exec(content); m; m = ops.exec(content)) {
      const parts = (m[1] ?? m[2]!).match(/<[0-9a-fA-F]*>|\((?:[^)\\]|\\.)*\)/g) ?? [];
      lines.push(
        parts
          .map((p) =>
            p.startsWith('<') ? decodeHex(p.slice(1, -1)) : p.slice(1, -1).replace(/\\(.)/g, '$1'),
          )
          .join(''),
      );
    }
  }
  // Amounts are written with a no-break space before the euro sign: read back as a plain space.
  return lines.join('\n').replace(/\u00a0/g, ' ');
}
