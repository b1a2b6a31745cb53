// Employee rules (docs/api.md §15): tenant checks first, phones in E.164, the PIN only as an
// argon2id hash, uniqueness settled by the unique indexes, every write audit-logged.
import type { AppContext } from '../../core/context.ts';
import { isConstraintViolation } from '../../db/errors.ts';
import { toE164 } from '../../domain/phone.ts';
import type { PayType } from '../../domain/enums.ts';
import { Errors } from '../../core/errors.ts';
import { toPage, type Page } from '../../core/page.ts';
import { orgScope, requireAccess, type AdminActor } from '../../core/access.ts';
import { adminActorFrom, type AdminCredential } from '../../core/admin-caller.ts';
import { recordAudit, type RequestMeta } from '../../core/audit.ts';
import { emptyToNull, onlyActive, searchTerm } from '../../db/search.ts';
import {
  findEmployee,
  insertEmployee,
  listEmployees as queryEmployees,
  lockEmployee,
  searchAsCaller,
  searchesByTrigram,
  updateEmployee as writeEmployee,
  type EmployeeInsert,
  type EmployeeRecord,
  type EmployeeRow,
} from './employees.repository.ts';

export interface EmployeeListQuery {
  page?: number;
  pageSize?: number;
  search?: string;
  active?: string;
  companyId?: string;
}

interface EmployeeFields {
  firstName?: string;
  lastName?: string;
  email?: string | null;
  phone?: string;
  pin?: string;
  employeeNumber?: string | null;
  jobTitle?: string | null;
  payRate?: number;
  payType?: PayType;
  qbName?: string | null;
}

export interface CreateEmployeeInput extends EmployeeFields {
  companyId: string;
  firstName: string;
  lastName: string;
  phone: string;
  pin: string;
}

export interface UpdateEmployeeInput extends EmployeeFields {
  active?: boolean;
}

/**
 * The caller of the list, whose row the auth guard left unchecked (`callerCheckedByHandler`):
 * its verified token, and the actor loaded in a statement of its own when the list needs it first.
 */
export interface UncheckedAdmin {
  /** Its id is a UUID (auth-guard.ts uncheckedAdminOf). */
  credential: AdminCredential;
  actor(): Promise<AdminActor>;
}

/**
 * The caller's page of employees: records, or the JSON text of the page when the database built
 * it (a search through the trigram index, employees.repository.ts), which the route sends as it is.
 * The search box's request (a term for the trigram index, no company) checks the caller in the
 * search's own statement; every other list checks it first, then lists.
 */
export async function listEmployees(ctx: AppContext, caller: UncheckedAdmin, query: EmployeeListQuery): Promise<Page<EmployeeRecord> | string> {
  const page = query.page ?? 1;
  const pageSize = query.pageSize ?? 20;
  // The list's filter but for its scope, which the caller decides.
  const unscoped = { search: searchTerm(query.search), activeOnly: onlyActive(query.active), limit: pageSize, offset: (page - 1) * pageSize };
  let actor: AdminActor;
  if (query.companyId === undefined && searchesByTrigram(unscoped.search)) {
    const found = await searchAsCaller(ctx.db, caller.credential, { ...unscoped, search: unscoped.search });
    actor = adminActorFrom(found.caller, caller.credential);
    // A SUPER_ADMIN's search was of no organization: it is run below over every one.
    if (actor.role !== 'SUPER_ADMIN') return found.dataJson;
  } else {
    actor = await caller.actor();
  }
  if (query.companyId !== undefined) await requireAccess(ctx.db, actor, { companyId: query.companyId });
  const list = await queryEmployees(ctx.db, { ...unscoped, bookkeeperOrgId: orgScope(actor), companyId: query.companyId ?? null });
  return 'dataJson' in list ? list.dataJson : toPage(list.rows, list.total, page, pageSize);
}

export async function getEmployee(ctx: AppContext, actor: AdminActor, id: string): Promise<EmployeeRecord> {
  await requireAccess(ctx.db, actor, { employeeId: id });
  const employee = await findEmployee(ctx.db, id);
  if (!employee) throw Errors.notFound('Employee');
  return employee;
}

export async function createEmployee(
  ctx: AppContext,
  actor: AdminActor,
  input: CreateEmployeeInput,
  meta: RequestMeta,
): Promise<EmployeeRecord> {
  const company = await requireAccess(ctx.db, actor, { companyId: input.companyId });
  const values: EmployeeInsert = {
    ...(await fieldValues(ctx, input)),
    companyId: input.companyId,
    firstName: input.firstName,
    lastName: input.lastName,
    phone: phoneOf(input.phone),
    pinHash: await ctx.hasher.hash(input.pin),
    credentialsChangedAt: ctx.clock.now(),
    createdAt: ctx.clock.now(),
    updatedAt: ctx.clock.now(),
  };
  return ctx.db.transaction(async (tx) => {
    const id = await insertEmployee(tx, values).catch(uniquenessError);
    const created = (await findEmployee(tx, id))!;
    await recordAudit(tx, meta, {
      action: 'employee.create',
      actor,
      bookkeeperOrgId: company.bookkeeperOrgId,
      entityType: 'employee',
      entityId: id,
      details: { after: auditView(created) },
    });
    return created;
  });
}

export async function updateEmployee(
  ctx: AppContext,
  actor: AdminActor,
  id: string,
  input: UpdateEmployeeInput,
  meta: RequestMeta,
): Promise<EmployeeRecord> {
  // Tenant check first (an employee never changes company, so it holds for the transaction),
  // then the PIN is hashed outside the transaction: argon2 must not hold a row lock.
  await requireAccess(ctx.db, actor, { employeeId: id });
  const changes = await fieldValues(ctx, input);
  if (input.phone !== undefined) changes.phone = phoneOf(input.phone);
  return ctx.db.transaction(async (tx) => {
    const before = await lockEmployee(tx, id);
    if (!before) throw Errors.notFound('Employee');
    const now = ctx.clock.now();
    changes.updatedAt = now;
    if (input.active !== undefined) changes.active = input.active;
    // A new PIN or a deactivation ends the tokens issued before it (docs/api.md §10).
    const pinChanged = changes.pinHash !== undefined;
    if (pinChanged || (before.active && input.active === false)) changes.credentialsChangedAt = now;
    await writeEmployee(tx, id, changes).catch(uniquenessError);
    const after = (await findEmployee(tx, id))!;
    await recordAudit(tx, meta, {
      action: before.active && !after.active ? 'employee.deactivate' : 'employee.update',
      actor,
      bookkeeperOrgId: before.bookkeeperOrgId,
      entityType: 'employee',
      entityId: id,
      details: { before: auditView(before), after: auditView(after), ...(pinChanged ? { pinChanged: true } : {}) },
    });
    return after;
  });
}

export async function deactivateEmployee(ctx: AppContext, actor: AdminActor, id: string, meta: RequestMeta): Promise<EmployeeRecord> {
  await requireAccess(ctx.db, actor, { employeeId: id });
  return ctx.db.transaction(async (tx) => {
    const before = await lockEmployee(tx, id);
    if (!before) throw Errors.notFound('Employee');
    const now = ctx.clock.now();
    await writeEmployee(tx, id, {
      active: false,
      updatedAt: now,
      ...(before.active ? { credentialsChangedAt: now } : {}),
    });
    const after = (await findEmployee(tx, id))!;
    await recordAudit(tx, meta, {
      action: 'employee.deactivate',
      actor,
      bookkeeperOrgId: before.bookkeeperOrgId,
      entityType: 'employee',
      entityId: id,
      details: { before: auditView(before), after: auditView(after) },
    });
    return after;
  });
}

function phoneOf(input: string): string {
  const phone = toE164(input);
  if (!phone) throw Errors.validationFailed('phone: must be a valid phone number');
  return phone;
}

/** The supplied fields only; the PIN becomes its hash here and nowhere else. */
async function fieldValues(ctx: AppContext, input: EmployeeFields): Promise<Partial<EmployeeInsert>> {
  const values: Partial<EmployeeInsert> = {};
  if (input.firstName !== undefined) values.firstName = input.firstName;
  if (input.lastName !== undefined) values.lastName = input.lastName;
  for (const key of ['email', 'employeeNumber', 'jobTitle', 'qbName'] as const) {
    if (input[key] !== undefined) values[key] = emptyToNull(input[key]);
  }
  if (input.payRate !== undefined) values.payRate = input.payRate;
  if (input.payType !== undefined) values.payType = input.payType;
  if (input.pin !== undefined) values.pinHash = await ctx.hasher.hash(input.pin);
  return values;
}

function uniquenessError(error: unknown): never {
  if (isConstraintViolation(error, 'employees_company_phone_key')) throw Errors.phoneAlreadyInUse();
  if (isConstraintViolation(error, 'employees_company_number_key')) throw Errors.employeeNumberAlreadyInUse();
  throw error;
}

/** What the audit log keeps: never the PIN hash or the credentials timestamp. */
export function auditView(employee: EmployeeRow | EmployeeRecord): Record<string, unknown> {
  const view: Record<string, unknown> = { ...employee };
  for (const key of ['pinHash', 'credentialsChangedAt', 'createdAt', 'updatedAt', 'company', 'bookkeeperOrgId']) delete view[key];
  return view;
}
