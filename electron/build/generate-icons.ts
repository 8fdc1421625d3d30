/**
 * Draws the app icon (a bus on a ticket, on a teal tile) and writes
 * resources/icon.png (512 px), icon.ico (16-256 px) and icon.icns (16-512 px).
 * No image library: shapes are signed-distance functions, 4x4 supersampled,
 * and the files are encoded by hand (PNG via zlib; ICO and ICNS embed PNGs).
 *
 *   npx tsx electron/build/generate-icons.ts
 */
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { deflateSync } from 'node:zlib';

type Rgba = [number, number, number, number];

const TEAL: Rgba = [15, 118, 110, 255];
const TEAL_DARK: Rgba = [17, 94, 89, 255];
const PAPER: Rgba = [255, 255, 255, 255];
const AMBER: Rgba = [245, 158, 11, 255];
const INK: Rgba = [30, 41, 59, 255];

/** Distance to a rounded box centred at (cx, cy); negative inside. Units: fractions of the icon. */
function roundedBox(x: number, y: number, cx: number, cy: number, hw: number, hh: number, r: number): number {
  const qx = Math.abs(x - cx) - hw + r;
  const qy = Math.abs(y - cy) - hh + r;
  return Math.hypot(Math.max(qx, 0), Math.max(qy, 0)) + Math.min(Math.max(qx, qy), 0) - r;
}

function circle(x: number, y: number, cx: number, cy: number, r: number): number {
  return Math.hypot(x - cx, y - cy) - r;
}

/** The colour at a point of the unit square, or null for transparent. */
function shade(x: number, y: number): Rgba | null {
  // Tile.
  if (roundedBox(x, y, 0.5, 0.5, 0.46, 0.46, 0.1) > 0) return null;
  let colour: Rgba = y > 0.5 + (x - 0.5) * 0.2 + 0.28 ? TEAL_DARK : TEAL;

  // Ticket: a rounded card with a notch on each side and a perforation.
  const ticket = Math.max(
    roundedBox(x, y, 0.5, 0.5, 0.36, 0.24, 0.04),
    -circle(x, y, 0.14, 0.5, 0.06),
    -circle(x, y, 0.86, 0.5, 0.06),
  );
  if (ticket > 0) return colour;
  colour = PAPER;
  const perforation = Math.abs(x - 0.68) < 0.008 && Math.floor((y - 0.26) / 0.04) % 2 === 0 && y > 0.28 && y < 0.72;
  if (perforation) return TEAL;

  // Stub: three lines of "text".
  for (const [ly, w] of [
    [0.42, 0.1],
    [0.5, 0.08],
    [0.58, 0.1],
  ] as const) {
    if (roundedBox(x, y, 0.77, ly, w / 2, 0.016, 0.016) <= 0) return TEAL;
  }

  // Bus: body, windscreen band, windows, wheels, headlight.
  const body = roundedBox(x, y, 0.42, 0.48, 0.19, 0.12, 0.04);
  const wheelL = circle(x, y, 0.32, 0.6, 0.045);
  const wheelR = circle(x, y, 0.52, 0.6, 0.045);
  if (wheelL <= 0 || wheelR <= 0) {
    const hub = Math.min(circle(x, y, 0.32, 0.6, 0.018), circle(x, y, 0.52, 0.6, 0.018));
    return hub <= 0 ? PAPER : INK;
  }
  if (body <= 0) {
    for (const wx of [0.3, 0.38, 0.46]) {
      if (roundedBox(x, y, wx, 0.44, 0.032, 0.04, 0.01) <= 0) return PAPER;
    }
    if (roundedBox(x, y, 0.56, 0.45, 0.035, 0.05, 0.012) <= 0) return PAPER;
    if (circle(x, y, 0.585, 0.545, 0.014) <= 0) return AMBER;
    if (Math.abs(y - 0.515) < 0.008) return AMBER;
    return TEAL;
  }
  return colour;
}

export function renderIcon(size: number): Uint8Array {
  const samples = 4;
  const pixels = new Uint8Array(size * size * 4);
  for (let py = 0; py < size; py++) {
    for (let px = 0; px < size; px++) {
      let r = 0;
      let g = 0;
      let b = 0;
      let a = 0;
      for (let sy = 0; sy < samples; sy++) {
        for (let sx = 0; sx < samples; sx++) {
          const c = shade((px + (sx + 0.5) / samples) / size, (py + (sy + 0.5) / samples) / size);
          if (!c) continue;
          r += c[0];
          g += c[1];
          b += c[2];
          a += c[3];
        }
      }
      const n = samples * samples;
      const alpha = a / n;
      const i = (py * size + px) * 4;
      // Colours averaged over covered samples only, so edges do not darken.
      const covered = a / 255 || 1;
      pixels[i] = Math.round(r / covered);
      pixels[i + 1] = Math.round(g / covered);
      pixels[i + 2] = Math.round(b / covered);
      pixels[i + 3] = Math.round(alpha);
    }
  }
  return pixels;
}

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(bytes: Uint8Array): number {
  let c = 0xffffffff;
  for (const byte of bytes) c = (CRC_TABLE[(c ^ byte) & 0xff] ?? 0) ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

function chunk(type: string, data: Uint8Array): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const typed = Buffer.concat([Buffer.from(type, 'ascii'), Buffer.from(data)]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(typed));
  return Buffer.concat([length, typed, crc]);
}

export function encodePng(size: number, rgba: Uint8Array): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header[8] = 8; // bit depth
  header[9] = 6; // RGBA
  const raw = Buffer.alloc(size * (size * 4 + 1));
  for (let y = 0; y < size; y++) {
    raw[y * (size * 4 + 1)] = 0; // filter: none
    Buffer.from(rgba.buffer, rgba.byteOffset + y * size * 4, size * 4).copy(raw, y * (size * 4 + 1) + 1);
  }
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(raw, { level: 9 })),
    chunk('IEND', new Uint8Array()),
  ]);
}

/** An ICO whose entries are PNGs (supported since Windows Vista). */
export function encodeIco(images: Array<{ size: number; png: Buffer }>): Buffer {
  const header = Buffer.alloc(6);
  header.writeUInt16LE(0, 0);
  header.writeUInt16LE(1, 2);
  header.writeUInt16LE(images.length, 4);
  const entries: Buffer[] = [];
  let offset = 6 + 16 * images.length;
  for (const { size, png } of images) {
    const entry = Buffer.alloc(16);
    entry[0] = size >= 256 ? 0 : size;
    entry[1] = size >= 256 ? 0 : size;
    entry.writeUInt16LE(1, 4); // colour planes
    entry.writeUInt16LE(32, 6); // bits per pixel
    entry.writeUInt32LE(png.length, 8);
    entry.writeUInt32LE(offset, 12);
    offset += png.length;
    entries.push(entry);
  }
  return Buffer.concat([header, ...entries, ...images.map((i) => i.png)]);
}

const ICNS_TYPES: Record<number, string> = {
  16: 'icp4',
  32: 'icp5',
  64: 'icp6',
  128: 'ic07',
  256: 'ic08',
  512: 'ic09',
};

export function encodeIcns(images: Array<{ size: number; png: Buffer }>): Buffer {
  const blocks = images
    .filter(({ size }) => ICNS_TYPES[size])
    .map(({ size, png }) => {
      const head = Buffer.alloc(8);
      head.write(ICNS_TYPES[size] ?? '', 0, 'ascii');
      head.writeUInt32BE(png.length + 8, 4);
      return Buffer.concat([head, png]);
    });
  const header = Buffer.alloc(8);
  header.write('icns', 0, 'ascii');
  header.writeUInt32BE(8 + blocks.reduce((n, b) => n + b.length, 0), 4);
  return Buffer.concat([header, ...blocks]);
}

function main(): void {
  const out = path.resolve('resources');
  const png = (size: number) => ({ size, png: encodePng(size, renderIcon(size)) });
  const all = [16, 24, 32, 48, 64, 128, 256, 512].map(png);
  const bySize = (sizes: number[]) => all.filter((i) => sizes.includes(i.size));
  writeFileSync(path.join(out, 'icon.png'), bySize([512])[0]?.png ?? Buffer.alloc(0));
  writeFileSync(path.join(out, 'icon.ico'), encodeIco(bySize([16, 24, 32, 48, 64, 128, 256])));
  writeFileSync(path.join(out, 'icon.icns'), encodeIcns(bySize([16, 32, 64, 128, 256, 512])));
  console.log(`icons written to ${out}`);
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(import.meta.filename ?? '')) main();
