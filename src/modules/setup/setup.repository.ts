// Queries of the first run (docs/api.md §10, First run): whether any admin exists, and the table lock
// that makes "no admin yet" still true when the first one is inserted.
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/open.ts';
import { adminUsers } from '../../db/schema.ts';

export async function anyAdminExists(db: Db): Promise<boolean> {
  const [row] = await db.select({ one: sql<number>`1` }).from(adminUsers).limit(1);
  return row !== undefined;
}

/**
 * Blocks every other writer of admin_users (a second first-run call, POST /admin/users, the
 * CLI) until the transaction ends; SHARE ROW EXCLUSIVE conflicts with itself, so two first-run
 * calls queue here and the second one reads the first one's admin. Only taken while the table
 * is empty, so it never delays the service after its first run.
 */
export async function lockAdminUsersForFirstRun(tx: Db): Promise<void> {
  await tx.execute(sql`lock table ${adminUsers} in share row exclusive mode`);
}
