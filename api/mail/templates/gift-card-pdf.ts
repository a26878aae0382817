/**
 * A gift card's printable page: one page, Letter-sized, its content kept within A4's width and
 * height too, so it prints whole on either paper. The company's band, who it is for and from, the
 * value, the message, the code large enough to read aloud, its QR code (drawn as squares, sharp at
 * any size), how to use it, and the company's contacts. Drawn with pdf-lib's standard fonts: a
 * character they cannot write (an emoji in a message) is left out.
 */
import { PDFDocument, rgb, StandardFonts, type PDFFont, type PDFPage } from 'pdf-lib';
import QRCode from 'qrcode';
import { site } from '../../../shared/company/site.ts';
import type { GiftCard } from '../message-types.ts';
import { giftHowToUse, giftValueWords } from './gift-card-words.ts';

const MM = 72 / 25.4;
/** US Letter, in points. */
const PAGE = { width: 612, height: 792 };
/** The area that fits A4 (210 × 297 mm) and Letter (215.9 × 279.4 mm) alike, centred, less a 15 mm margin. */
const AREA = { width: (210 - 30) * MM, height: (279.4 - 30) * MM };

const hex = (value: string) => {
  const n = Number.parseInt(value.slice(1), 16);
  return rgb(((n >> 16) & 255) / 255, ((n >> 8) & 255) / 255, (n & 255) / 255);
};
const INK = hex('#1b2730');
const MUTED = hex('#46555f');
const PINE = hex('#1f4d3a');
const GOLD = hex('#e0b45a');
const WHITE = rgb(1, 1, 1);

/** `text` with only the characters `font` can write. */
function writable(font: PDFFont, text: string): string {
  const known = new Set(font.getCharacterSet());
  return [...text.normalize('NFC')]
    .map((character) => (character === '\n' ? ' ' : character))
    .filter((character) => known.has(character.codePointAt(0) ?? -1))
    .join('');
}

/** `text` broken into lines at most `width` wide. */
function lines(font: PDFFont, text: string, size: number, width: number): string[] {
  const result: string[] = [];
  let line = '';
  for (const word of writable(font, text).split(/\s+/).filter(Boolean)) {
    const next = line ? `${line} ${word}` : word;
    if (font.widthOfTextAtSize(next, size) <= width || !line) line = next;
    else {
      result.push(line);
      line = word;
    }
  }
  if (line) result.push(line);
  return result;
}

/** Writes a paragraph from `top`; answers where the next one starts. */
function paragraphAt(
  page: PDFPage,
  text: string,
  at: { x: number; top: number; width: number; font: PDFFont; size: number; color?: ReturnType<typeof rgb>; maxLines?: number },
): number {
  const leading = at.size * 1.35;
  let top = at.top;
  for (const line of lines(at.font, text, at.size, at.width).slice(0, at.maxLines ?? Infinity)) {
    page.drawText(line, { x: at.x, y: top - at.size, size: at.size, font: at.font, color: at.color ?? INK });
    top -= leading;
  }
  return top - at.size * 0.6;
}

/** The QR code of `text`, its dark squares drawn in a square `size` wide with its lower left corner at (x, y). */
function drawQr(page: PDFPage, text: string, x: number, y: number, size: number) {
  const { modules } = QRCode.create(text, { errorCorrectionLevel: 'M' });
  const quiet = 2;
  const cell = size / (modules.size + quiet * 2);
  page.drawRectangle({ x, y, width: size, height: size, color: WHITE });
  for (let row = 0; row < modules.size; row += 1) {
    for (let column = 0; column < modules.size; column += 1) {
      if (!modules.get(row, column)) continue;
      page.drawRectangle({
        x: x + (column + quiet) * cell,
        y: y + size - (row + quiet + 1) * cell,
        width: cell,
        height: cell,
        color: INK,
      });
    }
  }
}

/** The gift card's page as a PDF file, base64. */
export async function giftCardPdf(card: GiftCard): Promise<string> {
  const pdf = await PDFDocument.create();
  pdf.setTitle(`${site.name} gift card for ${card.recipientName}`);
  pdf.setAuthor(site.name);
  pdf.setCreator(site.name);
  const page = pdf.addPage([PAGE.width, PAGE.height]);
  const regular = await pdf.embedFont(StandardFonts.Helvetica);
  const bold = await pdf.embedFont(StandardFonts.HelveticaBold);
  const mono = await pdf.embedFont(StandardFonts.CourierBold);
  const left = (PAGE.width - AREA.width) / 2;
  const width = AREA.width;
  let top = PAGE.height - (PAGE.height - AREA.height) / 2;

  // The company's band.
  const band = 64;
  page.drawRectangle({ x: left, y: top - band, width, height: band, color: PINE });
  page.drawRectangle({ x: left, y: top - band - 5, width, height: 5, color: GOLD });
  page.drawText(writable(bold, site.name), { x: left + 20, y: top - 40, size: 22, font: bold, color: WHITE });
  top -= band + 36;

  top = paragraphAt(page, `A gift for ${card.recipientName}`, { x: left, top, width, font: bold, size: 26 });
  if (card.from) top = paragraphAt(page, `From ${card.from}`, { x: left, top, width, font: regular, size: 14, color: MUTED });
  top = paragraphAt(page, giftValueWords(card), { x: left, top: top - 6, width, font: bold, size: 20, color: PINE });
  if (card.message) top = paragraphAt(page, `“${card.message}”`, { x: left, top, width, font: regular, size: 13, maxLines: 8 });

  // The code and its QR code side by side.
  const qr = 120;
  top -= 8;
  page.drawRectangle({ x: left, y: top - qr - 24, width, height: qr + 24, borderColor: GOLD, borderWidth: 2 });
  drawQr(page, card.balanceLink, left + width - qr - 12, top - qr - 12, qr);
  page.drawText('Gift card code', { x: left + 16, y: top - 40, size: 12, font: regular, color: MUTED });
  page.drawText(card.code, { x: left + 16, y: top - 70, size: 20, font: mono, color: INK });
  page.drawText('Scan to see what is left on it.', { x: left + 16, y: top - 100, size: 11, font: regular, color: MUTED });
  top -= qr + 24 + 28;

  page.drawText('How to use it', { x: left, y: top - 16, size: 16, font: bold, color: INK });
  top -= 26;
  for (const step of giftHowToUse(card)) {
    top = paragraphAt(page, `•  ${step}`, { x: left, top, width, font: regular, size: 12 });
  }

  const contacts = `${site.name}, ${site.address.locality}, ${site.address.region} · ${site.phone.display} · ${site.email}`;
  const bottom = (PAGE.height - AREA.height) / 2;
  page.drawText(writable(regular, contacts), { x: left, y: bottom, size: 10, font: regular, color: MUTED });
  return pdf.saveAsBase64();
}
