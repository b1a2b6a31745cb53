// Admin user queries. password_hash is never selected here except by lockAdminUser, whose
// row stays inside the service.
import { and, asc, count, eq, or, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/open.ts';
import { adminUsers, bookkeeperOrgs } from '../../db/schema.ts';
import { ilike } from '../../db/search.ts';

export type AdminUserRow = typeof adminUsers.$inferSelect;
export type AdminUserInsert = typeof adminUsers.$inferInsert;

/** The admin record the API shows (never the hash), with its organization: shared with login and /auth/me. */
export const adminUserRecord = {
  id: adminUsers.id,
  email: adminUsers.email,
  firstName: adminUsers.firstName,
  lastName: adminUsers.lastName,
  role: adminUsers.role,
  active: adminUsers.active,
  bookkeeperOrgId: adminUsers.bookkeeperOrgId,
  lastLoginAt: adminUsers.lastLoginAt,
  createdAt: adminUsers.createdAt,
  updatedAt: adminUsers.updatedAt,
  // The nested organization, from the same join.
  bookkeeperOrg: {
    id: bookkeeperOrgs.id,
    name: bookkeeperOrgs.name,
    slug: bookkeeperOrgs.slug,
    email: bookkeeperOrgs.email,
    phone: bookkeeperOrgs.phone,
    timezone: bookkeeperOrgs.timezone,
    dateFormat: bookkeeperOrgs.dateFormat,
    overtimeThreshold: bookkeeperOrgs.overtimeThreshold,
    overtimeMultiplier: bookkeeperOrgs.overtimeMultiplier,
    active: bookkeeperOrgs.active,
  },
};

export type AdminUserRecord = Omit<AdminUserRow, 'passwordHash' | 'credentialsChangedAt'> & {
  bookkeeperOrg: Pick<
    typeof bookkeeperOrgs.$inferSelect,
    'id' | 'name' | 'slug' | 'email' | 'phone' | 'timezone' | 'dateFormat' | 'overtimeThreshold' | 'overtimeMultiplier' | 'active'
  >;
};

export interface AdminUserListFilter {
  bookkeeperOrgId: string | null;
  search: string | null;
  activeOnly: boolean;
  limit: number;
  offset: number;
}

function listWhere(filter: AdminUserListFilter): SQL | undefined {
  const conditions: (SQL | undefined)[] = [];
  if (filter.bookkeeperOrgId) conditions.push(eq(adminUsers.bookkeeperOrgId, filter.bookkeeperOrgId));
  if (filter.activeOnly) conditions.push(eq(adminUsers.active, true));
  if (filter.search) {
    conditions.push(
      or(ilike(adminUsers.firstName, filter.search), ilike(adminUsers.lastName, filter.search), ilike(adminUsers.email, filter.search)),
    );
  }
  return and(...conditions);
}

export async function listAdminUsers(db: Db, filter: AdminUserListFilter): Promise<{ rows: AdminUserRecord[]; total: number }> {
  const where = listWhere(filter);
  const [rows, totals] = await Promise.all([
    db
      .select(adminUserRecord)
      .from(adminUsers)
      .innerJoin(bookkeeperOrgs, eq(bookkeeperOrgs.id, adminUsers.bookkeeperOrgId))
      .where(where)
      .orderBy(asc(adminUsers.lastName), asc(adminUsers.firstName), asc(adminUsers.id))
      .limit(filter.limit)
      .offset(filter.offset),
    db.select({ total: count() }).from(adminUsers).where(where),
  ]);
  return { rows, total: Number(totals[0]?.total ?? 0) };
}

export async function findAdminUser(db: Db, id: string): Promise<AdminUserRecord | undefined> {
  const [row] = await db
    .select(adminUserRecord)
    .from(adminUsers)
    .innerJoin(bookkeeperOrgs, eq(bookkeeperOrgs.id, adminUsers.bookkeeperOrgId))
    .where(eq(adminUsers.id, id));
  return row;
}

export async function lockAdminUser(db: Db, id: string): Promise<AdminUserRow | undefined> {
  const [row] = await db.select().from(adminUsers).where(eq(adminUsers.id, id)).for('update');
  return row;
}

export async function insertAdminUser(db: Db, values: AdminUserInsert): Promise<string> {
  const [row] = await db.insert(adminUsers).values(values).returning({ id: adminUsers.id });
  return row!.id;
}

export async function updateAdminUser(db: Db, id: string, values: Partial<AdminUserInsert>): Promise<void> {
  await db.update(adminUsers).set(values).where(eq(adminUsers.id, id));
}
