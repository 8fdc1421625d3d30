/**
 * Live counters across server processes (issue #35): two counters, each on a server process of its own, over one
 * PostgreSQL database (a throwaway cluster, as the server's PostgreSQL tests make one): a seat locked, freed and sold
 * through one process shows on the map of the window on the other within a second.
 */
import { expect, test, type Browser } from '@playwright/test';
import { freePort } from '../../server/bench/server-process';
import { startThrowawayCluster, type ThrowawayCluster } from '../../server/test/postgres/cluster';
import { lockFreeSellSeen, openLiveTrip } from './live-helpers';
import { E2E_PORT } from './support/env';
import { startE2eServer, type E2eServer } from './support/server-process';
import { DEMO, signIn } from './support/session';

// Two browser contexts signing in and opening a trip each: more than one spec's default minute on a busy machine.
test.describe.configure({ timeout: 180_000 });

let cluster: ThrowawayCluster | undefined;
const servers: E2eServer[] = [];

test.beforeAll(async () => {
  test.setTimeout(300_000);
  cluster = await startThrowawayCluster();
  const databaseUrl = await cluster.createDatabase();
  // One after the other: the first migrates and seeds the database, the second finds it ready.
  servers.push(await startE2eServer({ port: E2E_PORT + 1, databaseUrl }));
  servers.push(await startE2eServer({ port: await freePort(), databaseUrl }));
});

test.afterAll(async () => {
  await Promise.all(servers.map((server) => server.stop()));
  await cluster?.stop();
});

async function counter(browser: Browser, user: { username: string; password: string }, baseURL: string) {
  const context = await browser.newContext({ baseURL });
  const page = await context.newPage();
  await signIn(page, user);
  return { context, page };
}

test('a seat locked, freed and sold through one server process shows within a second on a window of another', async ({
  browser,
}) => {
  const [first, second] = servers;
  if (!first || !second) throw new Error('the two server processes did not start');
  const a = await counter(browser, DEMO.agent, first.baseUrl);
  const b = await counter(browser, DEMO.seller, second.baseUrl);
  const trip = { days: 11, from: 'Dhaka', to: 'Chattogram', coach: 'P-102' };
  await openLiveTrip(a.page, trip, { live: true });
  await openLiveTrip(b.page, trip, { live: true });
  await lockFreeSellSeen(a.page, b.page, trip.coach, '01711000352');
  expect(new URL(a.page.url()).port).not.toBe(new URL(b.page.url()).port);
  await a.context.close();
  await b.context.close();
});
