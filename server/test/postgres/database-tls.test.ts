/**
 * A managed PostgreSQL (or one on another machine) is reached over the
 * network, and the server's password, the counters' sales and the passengers'
 * phones cross it. DATABASE_URL says how: `sslmode=verify-full` with
 * `sslrootcert=<the provider's CA file>` encrypts every connection and checks
 * the database's certificate and name, so no machine on the way can read or
 * pose as the database. When the certificate is not one the CA vouches for
 * (a machine posing as the database, a certificate rotated to another
 * authority) the server never sends it the password, and every request
 * answers 503 DATABASE_UNAVAILABLE, never a 500, until the operator mends it;
 * /api/ready takes the process out of the load balancer's rotation meanwhile.
 *
 * The cluster of this file takes TCP connections with TLS only (pg_hba
 * refuses the rest), with a certificate for 127.0.0.1 signed by a CA of its
 * own.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENGINE, databaseUrlOf } from '../helpers';
import { create, findTrip, lock, saleBody, sellingContext, type Ctx } from '../selling/fixtures';
import { anotherProcess } from './another-process';
import { makeCertificateAuthority, startThrowawayCluster, type ThrowawayCluster } from './cluster';

/** The same database as `url`, with the query (the TLS settings) replaced, and the host name if given. */
function withTls(url: string, query: string, host?: string): URL {
  const changed = new URL(url);
  changed.search = query;
  if (host) changed.hostname = host;
  return changed;
}

describe.skipIf(ENGINE !== 'postgres')('PostgreSQL over TLS', () => {
  let cluster: ThrowawayCluster;
  let t: Ctx;
  let otherFolder: string;
  beforeAll(async () => {
    cluster = await startThrowawayCluster({ tls: true });
    t = await sellingContext({}, { postgresAdminUrl: cluster.adminUrl });
    otherFolder = mkdtempSync(path.join(tmpdir(), 'agent-portal-other-ca-'));
  });
  afterAll(async () => {
    await t?.close();
    await cluster?.stop();
    if (otherFolder) rmSync(otherFolder, { recursive: true, force: true });
  });

  it('with sslmode=verify-full and the CA: migrates, seeds and sells, every connection encrypted', async () => {
    expect(databaseUrlOf(t.config)).toMatch(/\?sslmode=verify-full&sslrootcert=/);
    const agent = await t.login('agent');
    const trip = await findTrip(t, { company: 'MEGHNA', route: 'DHK-CTG', day: 2 });
    expect((await lock(t, agent, trip, ['A1'])).status).toBe(200);
    const sold = await create(t, agent, saleBody(trip, ['A1']));
    expect(sold.status, JSON.stringify(sold.body)).toBe(200);

    const connections = await sql<{ ssl: boolean }>`
      select s.ssl from pg_stat_ssl s join pg_stat_activity a on a.pid = s.pid
      where a.datname = current_database() and a.client_addr is not null`.execute(t.db);
    expect(connections.rows.length).toBeGreaterThan(0);
    expect(connections.rows.every((row) => row.ssl)).toBe(true);
  });

  it('without TLS in the URL: the database refuses the connection, and the server answers 503 DATABASE_UNAVAILABLE', async () => {
    const plain = await anotherProcess(t, withTls(databaseUrlOf(t.config), ''));
    try {
      expect(await plain.probe('/api/ready')).toEqual({ status: 503, reason: 'DATABASE_UNAVAILABLE' });
    } finally {
      await plain.close();
    }
  });

  it('a certificate the CA did not sign (a machine posing as the database): 503 DATABASE_UNAVAILABLE, never a 500', async () => {
    const otherCa = await makeCertificateAuthority(otherFolder, 'another-ca');
    const posing = await anotherProcess(
      t,
      withTls(databaseUrlOf(t.config), `?sslmode=verify-full&sslrootcert=${encodeURIComponent(otherCa)}`),
    );
    try {
      expect(await posing.probe('/api/ready')).toEqual({ status: 503, reason: 'DATABASE_UNAVAILABLE' });
      const agent = await t.login('agent');
      const res = await posing.app.inject({
        method: 'GET',
        url: '/api/lookup/company',
        headers: { authorization: `Bearer ${agent}` },
      });
      expect(res.statusCode, res.body).toBe(503);
      expect(res.json()).toMatchObject({ reason: 'DATABASE_UNAVAILABLE' });
    } finally {
      await posing.close();
    }
  });

  it('a database that takes no TLS at all while the URL asks for it: 503 DATABASE_UNAVAILABLE', async () => {
    // The run's own cluster has TLS off.
    const runCluster = new URL(process.env.TEST_POSTGRES_ADMIN_URL ?? '');
    const noTls = await anotherProcess(
      t,
      withTls(runCluster.toString(), `?sslmode=verify-full&sslrootcert=${encodeURIComponent(cluster.caFile ?? '')}`),
    );
    try {
      expect(await noTls.probe('/api/ready')).toEqual({ status: 503, reason: 'DATABASE_UNAVAILABLE' });
    } finally {
      await noTls.close();
    }
  });

  it('a certificate for another name than the one in the URL: 503 DATABASE_UNAVAILABLE', async () => {
    // The certificate names 127.0.0.1 only; "localhost" reaches the same database under a name it does not carry.
    const misnamed = await anotherProcess(
      t,
      withTls(databaseUrlOf(t.config), new URL(databaseUrlOf(t.config)).search, 'localhost'),
    );
    try {
      expect(await misnamed.probe('/api/ready')).toEqual({ status: 503, reason: 'DATABASE_UNAVAILABLE' });
    } finally {
      await misnamed.close();
    }
  });
});
