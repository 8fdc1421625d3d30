/**
 * A QR code as inline SVG, built synchronously from the qrcode package's
 * module matrix: no canvas, no data URL, no script, so it renders in the
 * shell's script-less print window and scales crisply on any printer.
 */
import QRCode from 'qrcode';

export interface QrSvgOptions {
  /** Rendered width and height, any CSS length (the ticket sizes it per paper). */
  size?: string;
  /** Light modules around the symbol; scanners want 4. */
  quietZone?: number;
  /** Accessible name of the image. */
  label?: string;
}

/** One path of horizontal runs keeps the SVG small (a PNR QR is a few hundred bytes). */
function darkModulesPath(size: number, data: Uint8Array, offset: number): string {
  const parts: string[] = [];
  for (let y = 0; y < size; y += 1) {
    let x = 0;
    while (x < size) {
      if (!data[y * size + x]) {
        x += 1;
        continue;
      }
      const start = x;
      while (x < size && data[y * size + x]) x += 1;
      parts.push(`M${start + offset} ${y + offset}h${x - start}v1h-${x - start}z`);
    }
  }
  return parts.join('');
}

/** `label` must already be HTML-escaped by the caller if it holds user text. */
export function qrSvg(text: string, { size = '30mm', quietZone = 4, label = '' }: QrSvgOptions = {}): string {
  const { modules } = QRCode.create(text, { errorCorrectionLevel: 'M' });
  const extent = modules.size + quietZone * 2;
  const name = label ? ` role="img" aria-label="${label}"` : ' aria-hidden="true"';
  return (
    `<svg class="qr" xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${extent} ${extent}" width="${size}" height="${size}" shape-rendering="crispEdges"${name}>` +
    `<rect width="${extent}" height="${extent}" fill="#fff"/>` +
    `<path fill="#000" d="${darkModulesPath(modules.size, modules.data, quietZone)}"/>` +
    `</svg>`
  );
}
