/**
 * GET /api/maintenance (issue #33 item 5): the switch as the portal's standing banner shows it, public, with the
 * operator's message and its Bengali version, and gone within the cache time after `maintenance off`.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAINTENANCE_CACHE_MS } from '../../src/modules/maintenance/service';
import { runOperator, sellingContext, type Ctx } from './fixtures';

describe('GET /api/maintenance', () => {
  let t: Ctx;
  beforeAll(async () => {
    t = await sellingContext();
  });
  afterAll(() => t.close());

  const settle = () => t.clock.advance(MAINTENANCE_CACHE_MS + 1);
  const status = () => t.call('GET', '/api/maintenance');

  it('answers off to anyone, signed in or not', async () => {
    const res = await status();
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ on: false });
  });

  it('answers on with the message in both languages and since when, then off again after `maintenance off`', async () => {
    const on = await runOperator(
      t,
      'maintenance',
      'on',
      '--message',
      'Upgrade until 02:00',
      '--message-bn',
      'রাত ২টা পর্যন্ত আপগ্রেড',
    );
    expect(on.out).toEqual([
      'maintenance on: sales refused with SALES_RESTRICTED ("Upgrade until 02:00") (bn: "রাত ২টা পর্যন্ত আপগ্রেড")',
    ]);
    const since = t.clock.now().toISOString();
    settle();
    expect((await status()).body).toEqual({
      on: true,
      message: 'Upgrade until 02:00',
      messageBn: 'রাত ২টা পর্যন্ত আপগ্রেড',
      since,
    });
    expect((await runOperator(t, 'maintenance', 'status')).out[0]).toBe(
      `maintenance on since ${since} ("Upgrade until 02:00") (bn: "রাত ২টা পর্যন্ত আপগ্রেড")`,
    );

    await runOperator(t, 'maintenance', 'off');
    settle();
    expect((await status()).body).toEqual({ on: false });
  });

  it('answers on without a message, and a later switch without a Bengali message drops the old one', async () => {
    await runOperator(t, 'maintenance', 'on', '--message', 'First', '--message-bn', 'প্রথম');
    await runOperator(t, 'maintenance', 'on');
    const since = t.clock.now().toISOString();
    settle();
    expect((await status()).body).toEqual({ on: true, since });
    await runOperator(t, 'maintenance', 'off');
    settle();
    expect((await status()).body).toEqual({ on: false });
    expect((await runOperator(t, 'maintenance', 'on', '--message-bn')).code).toBe(2);
  });
});
