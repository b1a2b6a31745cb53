// Company rules (docs/api.md §15, §9): tenant checks first, references settled by the database's
// foreign keys (no read-then-insert), every write audit-logged inside its transaction.
import type { AppContext } from '../../core/context.ts';
import { isConstraintViolation } from '../../db/errors.ts';
import { Errors } from '../../core/errors.ts';
import { toPage, type Page } from '../../core/page.ts';
import { isUuid, listOrgScope, requireAccess, type AdminActor } from '../../core/access.ts';
import { recordAudit, type RequestMeta } from '../../core/audit.ts';
import {
  findCompany,
  insertCompany,
  listCompanies as queryCompanies,
  lockCompany,
  updateCompany as writeCompany,
  type CompanyInsert,
  type CompanyRecord,
  type CompanyRow,
} from './companies.repository.ts';
import { emptyToNull, onlyActive, searchTerm } from '../../db/search.ts';
import type { PeriodType } from '../../domain/enums.ts';

export interface CompanyListQuery {
  page?: number;
  pageSize?: number;
  search?: string;
  active?: string;
  bookkeeperOrgId?: string;
}

interface CompanyFields {
  name?: string;
  industryId?: string | null;
  payPeriodType?: PeriodType;
  email?: string | null;
  phone?: string | null;
  address?: string | null;
  city?: string | null;
  state?: string | null;
  zipCode?: string | null;
  qbCompanyName?: string | null;
  qbCompanyCreateTime?: string | null;
  qbRegularPayrollItem?: string;
  qbOvertimePayrollItem?: string;
}

export interface CreateCompanyInput extends CompanyFields {
  name: string;
  bookkeeperOrgId?: string;
}

export interface UpdateCompanyInput extends CompanyFields {
  active?: boolean;
}

export async function listCompanies(ctx: AppContext, actor: AdminActor, query: CompanyListQuery): Promise<Page<CompanyRecord>> {
  const page = query.page ?? 1;
  const pageSize = query.pageSize ?? 20;
  const { rows, total } = await queryCompanies(ctx.db, {
    bookkeeperOrgId: await listOrgScope(ctx.db, actor, query.bookkeeperOrgId),
    search: searchTerm(query.search),
    activeOnly: onlyActive(query.active),
    limit: pageSize,
    offset: (page - 1) * pageSize,
  });
  return toPage(rows, total, page, pageSize);
}

/** The company, after the tenant check; 404 for an unknown or non-UUID id. */
export async function getCompany(ctx: AppContext, actor: AdminActor, id: string): Promise<CompanyRecord> {
  await requireAccess(ctx.db, actor, { companyId: id });
  const company = await findCompany(ctx.db, id);
  if (!company) throw Errors.notFound('Company');
  return company;
}

export async function createCompany(
  ctx: AppContext,
  actor: AdminActor,
  input: CreateCompanyInput,
  meta: RequestMeta,
): Promise<CompanyRecord> {
  // Access before existence: an ADMIN naming any other organization is a 403 (docs/api.md §9).
  const bookkeeperOrgId = input.bookkeeperOrgId ?? actor.bookkeeperOrgId;
  await requireAccess(ctx.db, actor, { inOrganization: bookkeeperOrgId });
  assertIndustryId(input.industryId);

  const now = ctx.clock.now();
  return ctx.db.transaction(async (tx) => {
    const values: CompanyInsert = { ...fieldValues(input), name: input.name, bookkeeperOrgId, createdAt: now, updatedAt: now };
    const id = await insertCompany(tx, values).catch(referenceError);
    const created = (await findCompany(tx, id))!;
    await recordAudit(tx, meta, {
      action: 'company.create',
      actor,
      bookkeeperOrgId,
      entityType: 'company',
      entityId: id,
      details: { after: auditView(created) },
    });
    return created;
  });
}

export async function updateCompany(
  ctx: AppContext,
  actor: AdminActor,
  id: string,
  input: UpdateCompanyInput,
  meta: RequestMeta,
): Promise<CompanyRecord> {
  // A company never changes organization, so the check holds for the transaction.
  await requireAccess(ctx.db, actor, { companyId: id });
  return ctx.db.transaction(async (tx) => {
    const before = await lockCompany(tx, id);
    if (!before) throw Errors.notFound('Company');
    assertIndustryId(input.industryId);
    const changes: Partial<CompanyInsert> = { ...fieldValues(input), updatedAt: ctx.clock.now() };
    if (input.active !== undefined) changes.active = input.active;
    await writeCompany(tx, id, changes).catch(referenceError);
    const after = (await findCompany(tx, id))!;
    const action = before.active && !after.active ? 'company.deactivate' : 'company.update';
    await recordAudit(tx, meta, {
      action,
      actor,
      bookkeeperOrgId: before.bookkeeperOrgId,
      entityType: 'company',
      entityId: id,
      details: { before: auditView(before), after: auditView(after) },
    });
    return after;
  });
}

/** DELETE is a soft delete: the company and, through the auth guard, its employees stop working. */
export async function deactivateCompany(ctx: AppContext, actor: AdminActor, id: string, meta: RequestMeta): Promise<CompanyRecord> {
  await requireAccess(ctx.db, actor, { companyId: id });
  return ctx.db.transaction(async (tx) => {
    const before = await lockCompany(tx, id);
    if (!before) throw Errors.notFound('Company');
    await writeCompany(tx, id, { active: false, updatedAt: ctx.clock.now() });
    const after = (await findCompany(tx, id))!;
    await recordAudit(tx, meta, {
      action: 'company.deactivate',
      actor,
      bookkeeperOrgId: before.bookkeeperOrgId,
      entityType: 'company',
      entityId: id,
      details: { before: auditView(before), after: auditView(after) },
    });
    return after;
  });
}

/** A non-UUID industry reference answers like an unknown one (docs/api.md §3). */
function assertIndustryId(industryId: string | null | undefined): void {
  if (industryId !== undefined && industryId !== null && !isUuid(industryId)) throw Errors.notFound('Industry');
}

/** The supplied fields only (PUT changes only what it is given); blank optional text clears. */
function fieldValues(input: CompanyFields): Partial<CompanyInsert> {
  const values: Partial<CompanyInsert> = {};
  if (input.name !== undefined) values.name = input.name;
  if (input.industryId !== undefined) values.industryId = input.industryId;
  if (input.payPeriodType !== undefined) values.payPeriodType = input.payPeriodType;
  for (const key of ['email', 'phone', 'address', 'city', 'state', 'zipCode', 'qbCompanyName', 'qbCompanyCreateTime'] as const) {
    if (input[key] !== undefined) values[key] = emptyToNull(input[key]);
  }
  if (input.qbRegularPayrollItem !== undefined) values.qbRegularPayrollItem = input.qbRegularPayrollItem;
  if (input.qbOvertimePayrollItem !== undefined) values.qbOvertimePayrollItem = input.qbOvertimePayrollItem;
  return values;
}

/** A foreign key names the reference that does not exist: 404 for it (docs/api.md §3). */
function referenceError(error: unknown): never {
  if (isConstraintViolation(error, 'companies_industry_id_industries_id_fk')) throw Errors.notFound('Industry');
  if (isConstraintViolation(error, 'companies_bookkeeper_org_id_bookkeeper_orgs_id_fk')) throw Errors.notFound('Organization');
  throw error;
}

/** What a company's audit rows record (`details.before` / `details.after`): no timestamps, no counts. */
export function auditView(company: CompanyRow | CompanyRecord): Record<string, unknown> {
  const view: Record<string, unknown> = { ...company };
  delete view.createdAt;
  delete view.updatedAt;
  delete view._count;
  return view;
}
