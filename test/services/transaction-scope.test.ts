// The database pieces idempotent requests are built on, without HTTP: a transaction held open
// across steps (holdTransaction) and the scope that runs a service's `ctx.db` calls on it
// (runInTransactionScope), where the service's own transaction becomes a savepoint. A request
// with a key runs its service this way and stores its answer in the same transaction, so the
// write and the answer commit together or not at all.
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows, type Db } from '../../src/db/open.ts';
import { idempotencyKeys } from '../../src/db/schema.ts';
import { holdTransaction, runInTransactionScope } from '../../src/db/transaction-scope.ts';
import { purgeExpiredIdempotencyKeys } from '../../src/http/idempotency.ts';
import { createTimeEntry } from '../../src/modules/time-entries/time-entries.service.ts';
import { unique } from '../helpers/factories.ts';
import { auditCount, entriesOf, META, openServiceHarness, refusalOf, serviceTenant, type ServiceHarness, type ServiceTenant } from './harness.ts';

let h: ServiceHarness;
beforeAll(async () => {
  h = await openServiceHarness('2026-10-10T12:00:00.000Z');
});
afterAll(async () => h.close());

/** An admin-created entry of the tenant's employee between two UTC instants. */
const writeEntry = (tenant: ServiceTenant, clockIn: string, clockOut: string) =>
  createTimeEntry(h.ctx, tenant.adminActor, { employeeId: tenant.employee.id, clockIn, clockOut }, META);

/** The idempotency row a request stores next to its write. */
const storeAnswer = (db: Db, actorId: string, key: string) =>
  db.insert(idempotencyKeys).values({ actorId, key, requestHash: 'h', statusCode: 201, responseBody: '{}' });

const keysOf = (actorId: string) => h.db.select().from(idempotencyKeys).where(eq(idempotencyKeys.actorId, actorId));

describe('a service write inside a held transaction', () => {
  it('is visible inside the scope, and a rollback leaves neither the entry nor its audit row', async () => {
    const tenant = await serviceTenant(h.ctx);
    const held = await holdTransaction(h.db);
    const { id, seen } = await runInTransactionScope(held, async () => {
      const created = await writeEntry(tenant, '2026-10-05T12:00:00.000Z', '2026-10-05T20:00:00.000Z');
      return { id: created.id, seen: await entriesOf(h.db, tenant.employee.id) };
    });
    expect(seen.map((e) => [e.id, e.totalHours])).toEqual([[id, 8]]);
    await held.rollback();

    expect(held.open).toBe(false);
    expect(await entriesOf(h.db, tenant.employee.id)).toEqual([]);
    expect(await auditCount(h.db, [id])).toBe(0);
  });

  it('commits the write and the stored answer together', async () => {
    const tenant = await serviceTenant(h.ctx);
    const key = unique('key');
    const held = await holdTransaction(h.db);
    const id = await runInTransactionScope(held, async () => {
      const created = await writeEntry(tenant, '2026-10-05T12:00:00.000Z', '2026-10-05T20:00:00.000Z');
      await storeAnswer(held.tx, tenant.admin.id, key);
      return created.id;
    });
    await held.commit();

    expect((await entriesOf(h.db, tenant.employee.id)).map((e) => e.id)).toEqual([id]);
    expect(await auditCount(h.db, [id])).toBe(1);
    expect((await keysOf(tenant.admin.id)).map((k) => [k.key, k.statusCode])).toEqual([[key, 201]]);
  });

  it('rolls back only the savepoint of a refused service write: the writes before and after it commit', async () => {
    const tenant = await serviceTenant(h.ctx);
    const held = await holdTransaction(h.db);
    const { first, last, error } = await runInTransactionScope(held, async () => {
      const first = await writeEntry(tenant, '2026-10-05T12:00:00.000Z', '2026-10-05T20:00:00.000Z');
      // Overlaps the first: the exclusion constraint fails inside the service's savepoint.
      const error = await refusalOf(writeEntry(tenant, '2026-10-05T19:00:00.000Z', '2026-10-05T21:00:00.000Z'));
      const last = await writeEntry(tenant, '2026-10-06T12:00:00.000Z', '2026-10-06T14:00:00.000Z');
      return { first, last, error };
    });
    expect(error).toMatchObject({ statusCode: 400, label: 'Overlapping time entry' });
    await held.commit();

    const rows = await entriesOf(h.db, tenant.employee.id);
    expect(rows.map((e) => [e.id, e.totalHours])).toEqual([[first.id, 8], [last.id, 2]]);
    expect(await auditCount(h.db, rows.map((e) => e.id))).toBe(2);
  });

  it('falls back to the plain handle inside the scope once the held transaction has committed', async () => {
    const tenant = await serviceTenant(h.ctx);
    const held = await holdTransaction(h.db);
    const afterCommit = await runInTransactionScope(held, async () => {
      await writeEntry(tenant, '2026-10-05T12:00:00.000Z', '2026-10-05T20:00:00.000Z');
      await held.commit();
      // Would fail if it still went to the finished transaction; a new write commits on its own.
      await writeEntry(tenant, '2026-10-06T12:00:00.000Z', '2026-10-06T13:00:00.000Z');
      return entriesOf(h.db, tenant.employee.id);
    });
    expect(afterCommit.map((e) => e.totalHours)).toEqual([8, 1]);
    expect((await entriesOf(h.db, tenant.employee.id)).map((e) => e.totalHours)).toEqual([8, 1]);
  });
});

describe('purgeExpiredIdempotencyKeys', () => {
  it('deletes keys created more than 24 hours before now and keeps one created exactly 24 hours before', async () => {
    const actorId = (await serviceTenant(h.ctx)).admin.id;
    // Far in the past, and inside a transaction that is rolled back at the end: no other test's
    // keys are that old, and no other test's purge can see these rows.
    const now = new Date('2001-01-02T00:00:00.000Z');
    const held = await holdTransaction(h.db);
    try {
      await held.tx.execute(sql`insert into idempotency_keys (actor_id, key, request_hash, status_code, created_at) values
        (${actorId}, 'expired', 'h', 201, ${'2000-12-31T23:59:59.999Z'}::timestamptz),
        (${actorId}, 'exactly-24h', 'h', 201, ${'2001-01-01T00:00:00.000Z'}::timestamptz),
        (${actorId}, 'young', 'h', 201, ${'2001-01-01T12:00:00.000Z'}::timestamptz)`);
      expect(await purgeExpiredIdempotencyKeys(held.tx, now)).toBe(1);
      const left = await queryRows<{ key: string }>(held.tx, sql`select key from idempotency_keys where actor_id = ${actorId} order by key`);
      expect(left.map((k) => k.key)).toEqual(['exactly-24h', 'young']);
    } finally {
      await held.rollback();
    }
    expect(await keysOf(actorId)).toEqual([]);
  });
});
