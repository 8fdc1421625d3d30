import type { Account, Company, Deposit, Permission, Profile } from '@agent-portal/contract';

/**
 * The server's "now" in portal tests: 10:00 on 10 March 2026 in Dhaka. Tests
 * run on this clock (src/test/setup.ts), in a PC zone far from Dhaka
 * (vitest.config.ts), so nothing depends on the hour or the machine's zone.
 */
export const TEST_NOW = '2026-03-10T04:00:00.000Z';
export const TEST_TIME_ZONE = 'Asia/Dhaka';

export const companies: Company[] = [
  { id: 1, name: 'Padma Paribahan', code: 'PADMA' },
  { id: 2, name: 'Jamuna Lines', code: 'JAMUNA' },
];

export function profileWith(permissions: Permission[], overrides: Partial<Profile> = {}): Profile {
  return {
    username: 'agent',
    fullName: 'Rahim Uddin',
    email: 'agent@example.com',
    phone: '+8801711000001',
    agent: { id: 1, name: 'Shapla Travels', code: 'AG-1' },
    outlet: { id: 1, name: 'Motijheel Counter', code: 'OUT-1' },
    company: companies[0]!,
    passwordValidity: 90,
    roles: [{ name: 'Agent', permissions: permissions.map((name) => ({ name })) }],
    homepage: null,
    plan: { name: 'PREPAID', displayName: 'Prepaid' },
    coachSeatLimits: [],
    assignedRoutes: [],
    routeCommissions: [],
    barredCoaches: [],
    barredOrigins: [],
    timeZone: TEST_TIME_ZONE,
    serverTime: TEST_NOW,
    ...overrides,
  };
}

export const prepaidAccount: Account = {
  companyId: 1,
  plan: { name: 'PREPAID', displayName: 'Prepaid' },
  balance: 50000,
  bill: 0,
  creditLimit: null,
  currency: { code: 'BDT', symbol: '৳' },
};

/** A deposit just requested, as the server answers it (POST /api/account/deposit). */
export const pendingDeposit: Deposit = {
  transactionId: 'DP00000042',
  companyId: 1,
  dateTime: '2026-11-21T10:00:00.000Z',
  amount: 1500,
  referenceNumber: 'SLIP-1',
  description: null,
  remarks: null,
  user: 'agent',
  outlet: 'Motijheel Counter',
  status: 'PENDING',
  decisionTime: null,
  employee: null,
  voucherNo: 'DV-1-0000042',
};
