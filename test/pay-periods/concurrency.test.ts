// The database decides overlap (docs/time-rules.md §5), so concurrent creates cannot both succeed.
// PostgreSQL only: PGlite has one connection, so nothing there runs concurrently.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { payPeriods } from '../../src/db/schema.ts';
import { createTestApp, type TestApp } from '../helpers/app.ts';
import { createWorld, freshCompany, URL, type World } from './fixtures.ts';

const onPostgres = Boolean(process.env.TEST_DATABASE_URL);

describe.skipIf(!onPostgres)('POST /api/v1/admin/pay-periods (concurrent, PostgreSQL)', () => {
  let t: TestApp;
  let w: World;

  beforeAll(async () => {
    t = await createTestApp();
    w = await createWorld(t);
  });
  afterAll(async () => t?.close());

  // Ten rounds: two INSERTs racing on the exclusion constraint can wait on each other and
  // deadlock, which a single round rarely shows. Creates take the company's link lock first.
  it('lets exactly one of 20 concurrent overlapping creates succeed, 10 rounds; the rest get 400 Overlapping pay period', async () => {
    for (let round = 0; round < 10; round++) {
      const { company } = await freshCompany(t.db, w.orgA.id);
      // Monthly periods starting May 1..20: every pair shares May 20, so at most one may exist.
      const bodies = Array.from({ length: 20 }, (_, i) => ({
        companyId: company.id,
        periodType: 'MONTHLY',
        startDate: `2026-05-${String(i + 1).padStart(2, '0')}`,
      }));
      const results = await Promise.all(bodies.map((body) => w.api.post(URL, body, { token: w.tokenA })));

      const created = results.filter((res) => res.status === 201);
      const refused = results.filter((res) => res.status !== 201);
      expect(created).toHaveLength(1);
      expect(refused).toHaveLength(19);
      for (const res of refused) expect({ status: res.status, body: res.body }).toEqual({ status: 400, body: { success: false, error: 'Overlapping pay period' } });
      const rows = await t.db.select({ id: payPeriods.id }).from(payPeriods).where(eq(payPeriods.companyId, company.id));
      expect(rows.map((row) => row.id)).toEqual([created[0]!.body.data.id]);
    }
  });
});
