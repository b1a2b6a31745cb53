// The pay period's get-one writes its answer into a reused buffer (src/http/prebuilt-json.ts,
// src/http/answer-buffers.ts), taken back once the response has finished. Over real HTTP, on
// whichever engine the suite runs: answers of different sizes, one after another, at once, to a
// client that reads slowly, and after a client that left mid-answer, are each exactly their own
// document, and the buffers come back to be reused.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { timeEntries } from '../../src/db/schema.ts';
import { queryRows } from '../../src/db/open.ts';
import type { TextPartRow } from '../../src/db/text-bytes.ts';
import { COSTLY_READS_AT_ONCE } from '../../src/http/costly-reads.ts';
import { answerBuffers } from '../../src/http/prebuilt-json.ts';
import { payPeriodDetailJsonStatement } from '../../src/modules/pay-periods/pay-periods.repository.ts';
import { createTestApp, type TestApp } from '../helpers/app.ts';
import { createAdmin, createEmployee, createOrg, createPayPeriod, createTimeEntry } from '../helpers/factories.ts';
import { adminToken } from '../helpers/http.ts';
import { freshCompany, URL } from './fixtures.ts';

let t: TestApp;
let base: string;
let token: string;
/** Each period's exact answer, from the statement's own parts. */
const expected = new Map<string, string>();
let busyId = '';
let smallId = '';
/** Two periods whose answers (~10 MB) are larger than what the loopback's socket buffers take in at once. */
let hugeIds: [string, string] = ['', ''];

const HOUR = 3_600_000;

beforeAll(async () => {
  t = await createTestApp();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  const org = await createOrg(t.db);
  token = await adminToken(t.tokens, await createAdmin(t.db, { bookkeeperOrgId: org.id }));

  // A busy period (1,200 entries, about a megabyte) and a small one with multi-byte text.
  const busy = await freshCompany(t.db, org.id);
  const busyPeriod = await createPayPeriod(t.db, { companyId: busy.company.id, startDate: new Date('2026-06-07T04:00:00.000Z'), endDate: new Date('2026-06-14T03:59:59.999Z') });
  const staff = await Promise.all(Array.from({ length: 12 }, () => createEmployee(t.db, { companyId: busy.company.id })));
  await t.db.insert(timeEntries).values(
    staff.flatMap((employee) =>
      Array.from({ length: 100 }, (_, k) => ({
        employeeId: employee.id,
        companyId: busy.company.id,
        payPeriodId: busyPeriod.id,
        clockIn: new Date(Date.parse('2026-06-07T04:00:00.000Z') + k * HOUR),
        clockOut: new Date(Date.parse('2026-06-07T04:00:00.000Z') + k * HOUR + 1_800_000),
        totalHours: 0.5,
        regularHours: 0.5,
        overtimeHours: 0,
        notes: `note ${k}`,
      })),
    ),
  );
  const small = await freshCompany(t.db, org.id);
  const smallPeriod = await createPayPeriod(t.db, { companyId: small.company.id, startDate: new Date('2026-06-07T04:00:00.000Z'), endDate: new Date('2026-06-14T03:59:59.999Z') });
  await createTimeEntry(t.db, { employeeId: small.employee.id, companyId: small.company.id, payPeriodId: smallPeriod.id, clockIn: new Date('2026-06-08T13:00:00.000Z'), notes: 'ñ 日本 😀' });

  hugeIds = [await hugePeriod(org.id, '日'), await hugePeriod(org.id, '本')];

  busyId = busyPeriod.id;
  smallId = smallPeriod.id;
  for (const id of [busyId, smallId, ...hugeIds]) {
    const parts = await queryRows<TextPartRow>(t.db, payPeriodDetailJsonStatement(id));
    expected.set(id, `{"success":true,"data":${parts.map((row) => row.part).join('')}}`);
  }
});
afterAll(async () => t?.close());
// The buffers are the process's: a test file before this one in the same worker may have left
// some kept (vitest.config.ts shares modules between a worker's files).
beforeEach(() => answerBuffers.letGo());

/** A period of 1,500 entries whose notes are 2,000 three-byte characters each. */
async function hugePeriod(orgId: string, character: string): Promise<string> {
  const { company, employee } = await freshCompany(t.db, orgId);
  const period = await createPayPeriod(t.db, { companyId: company.id, startDate: new Date('2026-06-07T04:00:00.000Z'), endDate: new Date('2026-06-14T03:59:59.999Z') });
  await t.db.insert(timeEntries).values(
    Array.from({ length: 1_500 }, (_, k) => ({
      employeeId: employee.id,
      companyId: company.id,
      payPeriodId: period.id,
      clockIn: new Date(Date.parse('2026-06-07T04:00:00.000Z') + k * 360_000),
      clockOut: new Date(Date.parse('2026-06-07T04:00:00.000Z') + k * 360_000 + 60_000),
      notes: character.repeat(2_000),
    })),
  );
  return period.id;
}

/** A GET that stops reading at the answer's first bytes until `resume()`; `body` is the whole answer's body. */
function slowRead(path: string) {
  let response: http.IncomingMessage | undefined;
  let started!: () => void;
  const firstBytes = new Promise<void>((resolve) => (started = resolve));
  const body = new Promise<string>((resolve, reject) => {
    const request = http.get(`${base}${path}`, { headers: { authorization: `Bearer ${token}` } }, (answer) => {
      response = answer;
      const chunks: Buffer[] = [];
      answer.on('data', (chunk: Buffer) => {
        if (chunks.length === 0) {
          answer.pause();
          started();
        }
        chunks.push(chunk);
      });
      answer.once('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
      answer.once('error', reject);
    });
    request.once('error', reject);
  });
  return { started: firstBytes, body, resume: () => response!.resume() };
}

async function getOne(id: string): Promise<string> {
  const response = await fetch(`${base}${URL}/${id}`, { headers: { authorization: `Bearer ${token}` } });
  expect(response.status).toBe(200);
  return response.text();
}

describe('the get-one answer in a reused buffer, over HTTP', () => {
  it('answers each period exactly, one after another, with one buffer reused throughout', async () => {
    expect(expected.get(busyId)!.length).toBeGreaterThan(500_000);
    for (let i = 0; i < 6; i++) {
      for (const id of [busyId, smallId]) expect(await getOne(id)).toBe(expected.get(id));
      // Given back when each response finished: only one was ever out at a time.
      await expect.poll(() => answerBuffers.kept).toBe(1);
    }
  });

  it('answers each period exactly when many are read at once, and keeps no more buffers than the reads at once', async () => {
    const ids = Array.from({ length: 16 }, (_, i) => (i % 3 === 0 ? smallId : busyId));
    const bodies = await Promise.all(ids.map((id) => getOne(id)));
    bodies.forEach((body, i) => expect(body).toBe(expected.get(ids[i]!)));
    await expect.poll(() => answerBuffers.kept).toBeGreaterThanOrEqual(1);
    expect(answerBuffers.kept).toBeLessThanOrEqual(COSTLY_READS_AT_ONCE);
  });

  it('does not reuse the buffer of an answer that a slow client is still reading', async () => {
    const [first, second] = hugeIds;
    expect(Buffer.byteLength(expected.get(first)!)).toBeGreaterThan(9_000_000);
    const slow = slowRead(`${URL}/${first}`);
    await slow.started;
    // The slow client's answer is still being written when another answer of the same size is
    // built: that one must get a buffer of its own.
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(await getOne(second)).toBe(expected.get(second));
    slow.resume();
    expect(await slow.body).toBe(expected.get(first));
  });

  it('answers exactly after clients that left in the middle of an answer', async () => {
    await Promise.all(
      Array.from({ length: 4 }, () =>
        new Promise<void>((resolve) => {
          const request = http.get(`${base}${URL}/${busyId}`, { headers: { authorization: `Bearer ${token}` } }, (answer) => {
            // Leaves at the first bytes of the answer, before the rest has been read.
            answer.once('data', () => request.destroy());
          });
          request.once('close', () => resolve());
          request.once('error', () => {}); // the client left on purpose
        }),
      ),
    );
    const bodies = await Promise.all([busyId, smallId, busyId, smallId, busyId].map((id) => getOne(id)));
    expect(bodies).toEqual([busyId, smallId, busyId, smallId, busyId].map((id) => expected.get(id)));
  });
});
