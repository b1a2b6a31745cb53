// Shared bits of the auth tests: a fresh client IP per test (the login limit is per IP, so
// tests never spend each other's budget) and the audit rows of one attempt.
import { randomInt } from 'node:crypto';
import { and, desc, eq } from 'drizzle-orm';
import type { Db } from '../../src/db/open.ts';
import { auditLogs } from '../../src/db/schema.ts';

/** A random address in 10.0.0.0/8: unique enough that no two tests share a rate-limit window. */
export function randomIp(): string {
  return `10.${randomInt(256)}.${randomInt(256)}.${randomInt(1, 255)}`;
}

export async function auditRowsFrom(db: Db, ip: string, action?: string) {
  return db
    .select()
    .from(auditLogs)
    .where(action ? and(eq(auditLogs.ip, ip), eq(auditLogs.action, action)) : eq(auditLogs.ip, ip))
    .orderBy(desc(auditLogs.createdAt));
}

export const ISO_8601 = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;
