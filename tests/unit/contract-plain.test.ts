import { describe, expect, it } from 'vitest';
import * as contract from '@agent-portal/contract';
import * as plain from '@agent-portal/contract/plain';

/** Each API table is its plain address table plus schemas: the same calls, at the same addresses. */
describe('the plain addresses', () => {
  const pairs = Object.entries(plain)
    .filter(([name]) => name.endsWith('Addresses'))
    .map(
      ([name, addresses]) =>
        [
          name,
          addresses as Record<string, object>,
          (contract as Record<string, unknown>)[name.replace(/Addresses$/, 'Api')],
        ] as const,
    );

  it('name one table of the contract each, and every table has them', () => {
    const tables = Object.keys(contract).filter((name) => /Api$/.test(name) && name !== 'reportFilesApi');
    expect(pairs.map(([name]) => name.replace(/Addresses$/, 'Api')).sort()).toEqual(tables.sort());
  });

  it.each(pairs)('%s: the same calls as the schema table, each at its address', (_, addresses, table) => {
    const endpoints = table as Record<string, contract.Endpoint>;
    expect(Object.keys(endpoints).sort()).toEqual(Object.keys(addresses).sort());
    for (const [call, address] of Object.entries(addresses)) expect(endpoints[call]).toMatchObject(address);
  });
});
