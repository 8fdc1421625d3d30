import { describe, expect, it, vi } from 'vitest';
import { soldReservation } from '../../test/reservation-fixture';

const printed: { pnr: string; printType: string }[] = [];
vi.mock('../../lib/printing', async (original) => ({
  ...(await original<typeof import('../../lib/printing')>()),
  printTicket: vi.fn((request: { reservation: { pnr: string }; printType: string }) => {
    printed.push({ pnr: request.reservation.pnr, printType: request.printType });
    return Promise.resolve({ ok: true, channel: 'shell', copiesPrinted: 1, recorded: true });
  }),
}));

const { printBatch } = await import('./batch');

describe('printBatch', () => {
  it('prints each ticket by the print count just loaded: ORIGINAL only when never printed', async () => {
    // The second was printed at another counter after the list was shown: the server records an original once.
    const loaded = new Map([
      ['AAAA000001', soldReservation({ pnr: 'AAAA000001', printCount: 0 })],
      ['BBBB000002', soldReservation({ pnr: 'BBBB000002', printCount: 1 })],
    ]);
    const outcomes = await printBatch(['AAAA000001', 'BBBB000002'], {
      load: () => Promise.resolve(loaded),
      settings: { language: 'en', paper: 'A4', copies: 1, deviceName: null },
      onProgress: () => {},
    });
    expect(printed).toEqual([
      { pnr: 'AAAA000001', printType: 'ORIGINAL' },
      { pnr: 'BBBB000002', printType: 'REPRINT' },
    ]);
    expect(outcomes).toEqual({ AAAA000001: { state: 'printed' }, BBBB000002: { state: 'printed' } });
  });
});
