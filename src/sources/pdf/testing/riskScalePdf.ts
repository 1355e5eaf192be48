import { degrees, PDFDocument, type RGB, rgb, StandardFonts } from 'pdf-lib';

/** How one box of a generated scale is drawn. */
export interface DrawnBox {
  /** Fill of the box (0-1 RGB); none: not filled. */
  fill?: [number, number, number];
  /** Outline of the box, and its width in points. */
  frame?: { color: [number, number, number]; width: number };
  /** Colour of the digit (default black). */
  ink?: [number, number, number];
}

export interface ScalePdfOptions {
  /** The seven boxes, class 1 first. */
  boxes: DrawnBox[];
  /** Page rotation in degrees (a multiple of 90). */
  rotate?: number;
  /** Where the scale's first box starts (points from the bottom left). */
  origin?: { x: number; y: number };
  /** Sentences above the scale (a KIID's words, without the class). */
  lines?: string[];
}

const BOX = { width: 34, height: 22, gap: 2 };
const DIGIT_SIZE = 14;

const LIGHT_GREY: [number, number, number] = [0.78, 0.78, 0.79];
const BLACK: [number, number, number] = [0, 0, 0];
const WHITE: [number, number, number] = [1, 1, 1];

/** Seven grey boxes with black digits; `marked` (1-7) drawn black with a white digit, as the Fidelity KIIDs draw it. */
export function shadedScale(...marked: number[]): DrawnBox[] {
  return [1, 2, 3, 4, 5, 6, 7].map((n) => (marked.includes(n) ? { fill: BLACK, ink: WHITE } : { fill: LIGHT_GREY }));
}

/** A KIID-like page: a few sentences, then a drawn 1-7 scale (text digits over rectangles). */
export async function riskScalePdf(options: ScalePdfOptions): Promise<Buffer> {
  const doc = await PDFDocument.create({ updateMetadata: false });
  const font = await doc.embedFont(StandardFonts.HelveticaBold);
  const page = doc.addPage([595, 842]);
  if (options.rotate) page.setRotation(degrees(options.rotate));
  const lines = options.lines ?? ['Risk and reward profile', 'Lower risk, typically lower rewards. Higher risk, typically higher rewards.'];
  lines.forEach((line, i) => page.drawText(line, { x: 50, y: 780 - i * 16, size: 10, font }));
  const { x: x0, y: y0 } = options.origin ?? { x: 300, y: 600 };
  options.boxes.forEach((box, i) => {
    const x = x0 + i * (BOX.width + BOX.gap);
    if (box.fill || box.frame) {
      page.drawRectangle({
        x, y: y0, width: BOX.width, height: BOX.height,
        color: box.fill ? color(box.fill) : undefined,
        borderColor: box.frame ? color(box.frame.color) : undefined,
        borderWidth: box.frame?.width ?? 0,
      });
    }
    const digit = String(i + 1);
    const width = font.widthOfTextAtSize(digit, DIGIT_SIZE);
    page.drawText(digit, { x: x + (BOX.width - width) / 2, y: y0 + 6, size: DIGIT_SIZE, font, color: color(box.ink ?? BLACK) });
  });
  return Buffer.from(await doc.save());
}

function color([r, g, b]: [number, number, number]): RGB {
  return rgb(r, g, b);
}
