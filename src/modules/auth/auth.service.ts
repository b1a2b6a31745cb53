// Admin login, employee verification and "who am I" (docs/api.md §10).
// Every attempt leaves an audit row; a secret or a hash never
// leaves this file.
import type { AppContext } from '../../core/context.ts';
import { toE164 } from '../../domain/phone.ts';
import { Errors, type AppError } from '../../core/errors.ts';
import type { Actor } from '../../core/access.ts';
import { auditRow, recordAudit, type RequestMeta } from '../../core/audit.ts';
import {
  findAdminForLogin,
  findAdminRecord,
  findEmployeeRecord,
  findEmployeesByPhone,
  recordLogin,
  type AdminLoginRow,
  type AdminRecord,
  type EmployeeCandidate,
  type EmployeeRecord,
} from './auth.repository.ts';
import { revokeToken } from './revocation.ts';

export const LOGIN_SUCCESS = 'auth.login.success';
export const LOGIN_FAILURE = 'auth.login.failure';
export const VERIFY_SUCCESS = 'auth.employee.verify.success';
export const VERIFY_FAILURE = 'auth.employee.verify.failure';

export interface LoginInput {
  email: string;
  password: string;
}

export interface VerifyInput {
  phone: string;
  pin: string;
  companyId?: string | undefined;
}

export interface SignedIn<User> {
  user: User;
  token: string;
}

/**
 * The per-phone limit (docs/api.md §11) as the service sees it: an attempt is counted before
 * its PIN is checked (so parallel guesses cannot overshoot the limit) and given back when the
 * PIN was right. `begin` throws the 429.
 */
export interface PinAttemptLimit {
  begin(phone: string): Promise<void>;
  succeeded(phone: string): Promise<void>;
}

export async function login(ctx: AppContext, input: LoginInput, meta: RequestMeta): Promise<SignedIn<AdminRecord>> {
  const found = await findAdminForLogin(ctx.db, input.email);
  const fail = async (error: AppError, reason: string, user?: AdminLoginRow): Promise<never> => {
    await recordAudit(ctx.db, meta, {
      action: LOGIN_FAILURE,
      actorType: user ? 'admin' : null,
      actorId: user?.id ?? null,
      bookkeeperOrgId: user?.bookkeeperOrgId ?? null,
      entityType: user ? 'admin_user' : null,
      entityId: user?.id ?? null,
      details: { reason, email: input.email },
    });
    throw error;
  };

  if (!found) {
    // Same cost as a wrong password, so timing does not reveal which emails exist.
    await ctx.hasher.verifyDummy(input.password);
    return fail(Errors.authenticationFailed(), 'unknown_email');
  }
  // When the user is found, the inactive checks come before the password check.
  if (!found.active) return fail(Errors.accountInactive(), 'account_inactive', found);
  if (!found.bookkeeperOrg.active) return fail(Errors.organizationInactive(), 'organization_inactive', found);
  if (!(await ctx.hasher.verify(found.passwordHash, input.password))) {
    return fail(Errors.authenticationFailed(), 'wrong_password', found);
  }

  const now = ctx.clock.now();
  const { passwordHash: _secret, ...record } = found;
  const lastLoginAt = await recordLogin(
    ctx.db,
    found.id,
    now,
    auditRow(meta, {
      action: LOGIN_SUCCESS,
      actorType: 'admin',
      actorId: found.id,
      bookkeeperOrgId: found.bookkeeperOrgId,
      entityType: 'admin_user',
      entityId: found.id,
      details: { email: input.email },
    }),
  );
  const user: AdminRecord = { ...record, lastLoginAt };
  const token = await ctx.tokens.sign(
    { userId: user.id, type: 'admin', bookkeeperOrgId: user.bookkeeperOrgId, email: user.email },
    now,
  );
  return { user, token };
}

export async function verifyEmployee(
  ctx: AppContext,
  input: VerifyInput,
  meta: RequestMeta,
  limit: PinAttemptLimit,
): Promise<SignedIn<EmployeeRecord>> {
  const phone = toE164(input.phone);
  if (!phone) throw Errors.invalidVerificationData('phone: must be a valid phone number');
  await limit.begin(phone);

  const fail = async (error: AppError, reason: string, employee?: EmployeeCandidate): Promise<never> => {
    await recordAudit(ctx.db, meta, {
      action: VERIFY_FAILURE,
      actorType: employee ? 'employee' : null,
      actorId: employee?.id ?? null,
      bookkeeperOrgId: employee?.bookkeeperOrgId ?? null,
      entityType: employee ? 'employee' : null,
      entityId: employee?.id ?? null,
      details: { reason, phone, ...(input.companyId ? { companyId: input.companyId } : {}) },
    });
    throw error;
  };

  const candidates = await findEmployeesByPhone(ctx.db, phone, input.companyId);
  // The PIN is checked before anything else about the employee (docs/api.md §10), against every
  // candidate, so an unknown phone and a wrong PIN look the same.
  const matches: EmployeeCandidate[] = [];
  if (candidates.length === 0) await ctx.hasher.verifyDummy(input.pin);
  for (const candidate of candidates) {
    if (await ctx.hasher.verify(candidate.pinHash, input.pin)) matches.push(candidate);
  }
  if (matches.length === 0) return fail(Errors.authenticationFailed(), candidates.length ? 'wrong_pin' : 'unknown_phone');

  // The PIN was right: this attempt is not a failure and does not use up the phone's budget.
  await limit.succeeded(phone);
  // Only now, with the PIN proven, may the answer name the companies: the app shows them as
  // a chooser (docs/api.md §10). A wrong PIN has already been answered 401 above.
  if (matches.length > 1) return fail(Errors.companyRequired('This phone is registered with several companies: send companyId', { companies: companyChoices(matches) }), 'company_required');
  const employee = matches[0]!;
  if (!employee.active) return fail(Errors.accountInactive(), 'account_inactive', employee);
  if (!employee.companyActive) return fail(Errors.companyInactive(), 'company_inactive', employee);
  if (!employee.orgActive) return fail(Errors.organizationInactive(), 'organization_inactive', employee);

  const now = ctx.clock.now();
  await recordAudit(ctx.db, meta, {
    action: VERIFY_SUCCESS,
    actorType: 'employee',
    actorId: employee.id,
    bookkeeperOrgId: employee.bookkeeperOrgId,
    entityType: 'employee',
    entityId: employee.id,
    details: { phone },
  });
  const token = await ctx.tokens.sign({ userId: employee.id, type: 'employee', companyId: employee.companyId }, now);
  const user: EmployeeRecord = {
    id: employee.id,
    firstName: employee.firstName,
    lastName: employee.lastName,
    employeeNumber: employee.employeeNumber,
    jobTitle: employee.jobTitle,
    companyId: employee.companyId,
    company: employee.company,
  };
  return { user, token };
}

/** The companies a correct PIN matched, each once, by name (then id, for a stable order). */
function companyChoices(matches: readonly EmployeeCandidate[]): { id: string; name: string }[] {
  const byId = new Map(matches.map((match) => [match.company.id, { id: match.company.id, name: match.company.name }]));
  return [...byId.values()].sort((a, b) => a.name.localeCompare(b.name) || a.id.localeCompare(b.id));
}

/**
 * A malformed login or verify body (400, 413, 415) is an attempt too: it is counted by the
 * limiter and recorded here, with whatever identifier could be read.
 */
export async function recordMalformedAttempt(
  ctx: AppContext,
  kind: 'login' | 'verify',
  identifier: string | null,
  meta: RequestMeta,
): Promise<void> {
  const details: Record<string, unknown> = { reason: 'invalid_request' };
  if (identifier !== null) details[kind === 'login' ? 'email' : 'phone'] = identifier.slice(0, 255);
  await recordAudit(ctx.db, meta, { action: kind === 'login' ? LOGIN_FAILURE : VERIFY_FAILURE, details });
}

/**
 * Ends the token a logout was sent with, on every instance (the list is in the database). A
 * token that does not verify (forged, expired, malformed) is refused everywhere already, so
 * there is nothing to end; the expiry kept with the row is the token's own.
 */
export async function endToken(ctx: AppContext, token: string): Promise<void> {
  const verified = await ctx.tokens.verify(token, ctx.clock.now());
  if (verified) await revokeToken(ctx.db, verified.hash, new Date(verified.expiresAtMs));
}

/** GET /auth/me: the token's own record (the guard has already checked that it is active). */
export async function currentUser(ctx: AppContext, actor: Actor): Promise<AdminRecord | EmployeeRecord> {
  const record = actor.type === 'admin' ? await findAdminRecord(ctx.db, actor.userId) : await findEmployeeRecord(ctx.db, actor.userId);
  if (!record) throw Errors.authenticationRequired();
  return record;
}
