import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sellingContext, type Ctx } from '../selling/fixtures';
import { cli, requestDeposit } from './support';

describe('operator CLI: deposits and commissions', () => {
  let t: Ctx;
  let agent: string;
  beforeAll(async () => {
    t = await sellingContext();
    agent = await t.login('agent');
  });
  afterAll(() => t.close());

  it('help lists the records commands', async () => {
    const help = (await cli(t, 'help')).out.join('\n');
    for (const c of [
      'deposits [--status',
      'deposit approve|reject <transactionId> [--employee name]',
      'commissions settle <username|agentCode> [--until yyyy-MM-dd] [--employee name]',
    ])
      expect(help).toContain(c);
  });

  it('deposits lists requests, filtered by status', async () => {
    const d = await requestDeposit(t, agent, 'CLI-1', 1500);
    const all = await cli(t, 'deposits');
    expect(all.code).toBe(0);
    expect(all.out[0]).toBe('TRANSACTION_ID\tDATE_TIME\tAGENT\tCOMPANY\tUSER\tAMOUNT\tREFERENCE\tSTATUS\tEMPLOYEE');
    // The seeded three, then this one.
    expect(all.out).toHaveLength(5);
    expect(all.out[4]).toBe(
      [
        d.transactionId,
        t.clock.now().toISOString(),
        'AG-1001',
        'PADMA',
        'agent',
        '1500.00',
        'CLI-1',
        'PENDING',
        '-',
      ].join('\t'),
    );
    const pending = await cli(t, 'deposits', '--status', 'pending');
    expect(pending.out.slice(1).every((l) => l.includes('\tPENDING\t'))).toBe(true);
    expect(pending.out).toHaveLength(3);
    expect((await cli(t, 'deposits', '--status', 'LOST')).code).toBe(2);
    expect((await cli(t, 'deposits', '--limit', '3')).code).toBe(2);
  });

  it('deposit approve|reject: wrong usage and unknown ids', async () => {
    expect((await cli(t, 'deposit', 'approve')).code).toBe(2);
    expect((await cli(t, 'deposit', 'cancel', 'DP00000001')).code).toBe(2);
    expect((await cli(t, 'deposit', 'approve', 'DP00000001', '--employee')).code).toBe(2);
    const missing = await cli(t, 'deposit', 'approve', 'DP99999999');
    expect(missing.code).toBe(1);
    expect(missing.err[0]).toContain('DEPOSIT_NOT_FOUND');
    const d = await requestDeposit(t, agent, 'CLI-2', 10);
    // Plain digits name the same request.
    const ok = await cli(t, 'deposit', 'approve', String(Number(d.transactionId.slice(2))));
    expect(ok.out[0]).toMatch(/^deposit DP\d{8} APPROVED by operator: 10\.00 \(CLI-2\); balance now [\d.]+$/);
  });

  it('commissions settle by agent code; usage errors', async () => {
    const r = await cli(t, 'commissions', 'settle', 'AG-1002', '--employee', 'Accounts');
    expect(r.out[0]).toBe('agent AG-1002: 0 commission row(s) settled, net 0.00, by Accounts');
    expect((await cli(t, 'commissions', 'pay', 'AG-1002')).code).toBe(2);
    expect((await cli(t, 'commissions', 'settle')).code).toBe(2);
  });
});

describe('OpenAPI', () => {
  let t: Ctx;
  beforeAll(async () => {
    t = await sellingContext();
  });
  afterAll(() => t.close());

  it('documents every records endpoint with its body schema', async () => {
    const doc = (await t.call('GET', '/docs/json')).body;
    for (const p of [
      '/api/account/deposit',
      '/api/account/depositList',
      '/api/account/searchTransactions',
      '/api/account/commissionList',
      '/api/extraWeightCharge',
      '/api/extraWeightCharge/cancel',
      '/api/extraWeightCharge/find',
      '/api/extraWeightCharge/list',
      '/api/extraWeightCharge/savePrintAction',
      '/api/reservation/unprinted',
      '/api/getVoucherNo',
      '/api/createVoucher',
    ]) {
      expect(doc.paths[p]?.post?.requestBody, p).toBeDefined();
    }
    expect(JSON.stringify(doc.paths['/api/account/deposit'].post.requestBody)).toContain('confirmAmount');
  });
});
