import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../src/db/open.ts';
import { purgeExpiredIdempotencyKeys } from '../../src/http/idempotency.ts';
import { createTestApp, type TestApp } from '../helpers/app.ts';
import { createTenant } from '../helpers/factories.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

describe('purgeExpiredIdempotencyKeys', () => {
  it('deletes keys older than 24 hours and keeps younger ones', async () => {
    const { admin } = await createTenant(t.db);
    const now = new Date('2026-05-02T12:00:00Z');
    await t.db.execute(sql`insert into idempotency_keys (actor_id, key, request_hash, status_code, created_at) values
      (${admin.id}, 'old', 'h', 201, ${new Date('2026-05-01T11:59:00Z')}),
      (${admin.id}, 'young', 'h', 201, ${new Date('2026-05-01T12:01:00Z')})`);
    expect(await purgeExpiredIdempotencyKeys(t.db, now)).toBeGreaterThanOrEqual(1);
    const keys = await queryRows<{ key: string }>(t.db, sql`select key from idempotency_keys where actor_id = ${admin.id} order by key`);
    expect(keys.map((k) => k.key)).toEqual(['young']);
  });
});
