// Industry queries. `_count.companies` is a correlated count in the same statement
// (companies_industry_idx), never one query per row.
import { and, asc, eq, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/open.ts';
import { industries } from '../../db/schema.ts';
import { ilike } from '../../db/search.ts';

export type IndustryRow = typeof industries.$inferSelect;
export type IndustryInsert = typeof industries.$inferInsert;
export type IndustryRecord = IndustryRow & { _count: { companies: number } };

// The outer table is named in full: Drizzle renders `${industries.id}` in a single-table select
// as a bare "id", which inside the subselect would bind to companies.id.
const companyCount = sql<number>`(select count(*)::int from companies c where c.industry_id = "industries"."id")`.mapWith(Number);

const industryRecord = {
  id: industries.id,
  name: industries.name,
  description: industries.description,
  active: industries.active,
  createdAt: industries.createdAt,
  updatedAt: industries.updatedAt,
  _count: { companies: companyCount },
};

export interface IndustryListFilter {
  activeOnly: boolean;
  search: string | null;
}

export async function listIndustries(db: Db, filter: IndustryListFilter): Promise<IndustryRecord[]> {
  const conditions: (SQL | undefined)[] = [];
  if (filter.activeOnly) conditions.push(eq(industries.active, true));
  if (filter.search) {
    conditions.push(or(ilike(industries.name, filter.search), ilike(industries.description, filter.search)));
  }
  return db
    .select(industryRecord)
    .from(industries)
    .where(and(...conditions))
    .orderBy(asc(industries.name), asc(industries.id));
}

export async function findIndustryRecord(db: Db, id: string): Promise<IndustryRecord | undefined> {
  const [row] = await db.select(industryRecord).from(industries).where(eq(industries.id, id));
  return row;
}

export async function lockIndustry(db: Db, id: string): Promise<IndustryRow | undefined> {
  const [row] = await db.select().from(industries).where(eq(industries.id, id)).for('update');
  return row;
}

/** Undefined when the name is taken (case-insensitively: industries_name_lower_key decides). */
export async function insertIndustry(db: Db, values: IndustryInsert): Promise<IndustryRow | undefined> {
  const [row] = await db.insert(industries).values(values).onConflictDoNothing().returning();
  return row;
}

export async function updateIndustry(db: Db, id: string, patch: Partial<IndustryInsert>): Promise<IndustryRow | undefined> {
  const [row] = await db.update(industries).set(patch).where(eq(industries.id, id)).returning();
  return row;
}
