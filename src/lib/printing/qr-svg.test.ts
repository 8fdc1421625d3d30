import { describe, expect, it } from 'vitest';
import QRCode from 'qrcode';
import { qrSvg } from './qr-svg';

describe('qrSvg', () => {
  it('draws every dark module of the symbol inside a quiet zone', () => {
    const svg = qrSvg('K7Q2M9X4PA', { size: '26mm' });
    const { modules } = QRCode.create('K7Q2M9X4PA', { errorCorrectionLevel: 'M' });
    const extent = modules.size + 8;
    expect(svg).toContain(`viewBox="0 0 ${extent} ${extent}"`);
    expect(svg).toContain('width="26mm"');
    const path = /<path fill="#000" d="([^"]+)"/.exec(svg)?.[1] ?? '';
    const drawn = [...path.matchAll(/h(\d+)v1/g)].reduce((sum, [, run]) => sum + Number(run), 0);
    const dark = modules.data.reduce((sum, bit) => sum + bit, 0);
    expect(drawn).toBe(dark);
    // Nothing can be drawn in the quiet zone.
    const starts = [...path.matchAll(/M(\d+) (\d+)/g)].map(([, x, y]) => [Number(x), Number(y)]);
    expect(Math.min(...starts.flat())).toBeGreaterThanOrEqual(4);
  });

  it('is an image with a name when labelled, hidden otherwise', () => {
    expect(qrSvg('X', { label: 'QR code' })).toContain('role="img" aria-label="QR code"');
    expect(qrSvg('X')).toContain('aria-hidden="true"');
  });
});
