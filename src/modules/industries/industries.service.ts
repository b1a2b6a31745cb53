// The industries lookup and its management (docs/api.md §15:
// create and update are for a SUPER_ADMIN only; industries are shared by every tenant).
import type { Db } from '../../db/open.ts';
import { isConstraintViolation } from '../../db/errors.ts';
import { Errors } from '../../core/errors.ts';
import { isSuperAdmin, isUuid, type AdminActor } from '../../core/access.ts';
import { recordAudit, type RequestMeta } from '../../core/audit.ts';
import {
  findIndustryRecord,
  insertIndustry,
  listIndustries as listIndustryRows,
  lockIndustry,
  updateIndustry as updateIndustryRow,
  type IndustryInsert,
  type IndustryRecord,
  type IndustryRow,
} from './industries.repository.ts';

export interface ListIndustriesInput {
  active?: string;
  search?: string;
}

export interface IndustryInput {
  name?: string;
  description?: string | null;
  active?: boolean;
}

const NAME_KEY = 'industries_name_lower_key';
const alreadyExists = () => Errors.industryAlreadyExists();

function snapshot(row: IndustryRow): Record<string, unknown> {
  return { name: row.name, description: row.description, active: row.active };
}

function assertSuperAdmin(actor: AdminActor): void {
  if (!isSuperAdmin(actor)) throw Errors.accessDenied();
}

export async function listIndustries(db: Db, input: ListIndustriesInput): Promise<{ industries: IndustryRecord[]; total: number }> {
  const rows = await listIndustryRows(db, {
    // Unlike other lists (docs/api.md §7): default `true`; only the literal `false` includes inactive industries.
    activeOnly: input.active !== 'false',
    search: input.search?.trim() || null,
  });
  return { industries: rows, total: rows.length };
}

export async function createIndustry(
  db: Db,
  actor: AdminActor,
  input: IndustryInput & { name: string },
  meta: RequestMeta,
  now: Date,
): Promise<IndustryRecord> {
  assertSuperAdmin(actor);
  const values: IndustryInsert = {
    name: input.name,
    description: input.description === '' ? null : (input.description ?? null),
    active: input.active ?? true,
    createdAt: now,
    updatedAt: now,
  };
  const created = await db.transaction(async (tx) => {
    const row = await insertIndustry(tx, values);
    if (!row) throw alreadyExists();
    await recordAudit(tx, meta, {
      action: 'industry.create',
      actor,
      entityType: 'industry',
      entityId: row.id,
      details: { after: snapshot(row) },
    });
    return row;
  });
  return { ...created, _count: { companies: 0 } };
}

export async function updateIndustry(db: Db, actor: AdminActor, id: string, input: IndustryInput, meta: RequestMeta, now: Date): Promise<IndustryRecord> {
  assertSuperAdmin(actor);
  if (!isUuid(id)) throw Errors.notFound('Industry');
  const patch: Partial<IndustryInsert> = { updatedAt: now };
  if (input.name !== undefined) patch.name = input.name;
  if (input.description !== undefined) patch.description = input.description === '' ? null : input.description;
  if (input.active !== undefined) patch.active = input.active;
  try {
    return await db.transaction(async (tx) => {
      const before = await lockIndustry(tx, id);
      if (!before) throw Errors.notFound('Industry');
      const after = await updateIndustryRow(tx, id, patch);
      if (!after) throw Errors.notFound('Industry');
      await recordAudit(tx, meta, {
        action: 'industry.update',
        actor,
        entityType: 'industry',
        entityId: after.id,
        details: { before: snapshot(before), after: snapshot(after) },
      });
      const record = await findIndustryRecord(tx, id);
      if (!record) throw Errors.notFound('Industry');
      return record;
    });
  } catch (error) {
    // Renaming onto another industry's name (in any letter case): the unique index decides.
    if (isConstraintViolation(error, NAME_KEY)) throw alreadyExists();
    throw error;
  }
}
