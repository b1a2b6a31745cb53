// node --import tsx bench/serializer.ts [--rounds 9]
// What Fastify's serializer (fast-json-stringify, as Fastify compiles a response schema) costs
// for a time entry, the shape of every punch's answer and of each row of a timesheet: the
// schemas as they are, whose nullable fields are JSON type lists (`Nullable()`,
// src/http/schemas.ts), against the same schemas with each type list written as the
// `anyOf: [X, null]` it replaced. Both must write the same bytes. Rounds alternate; medians.
import { parseArgs } from 'node:util';
import build from 'fast-json-stringify';
import { Type, type TSchema } from 'typebox';
import { envelope } from '../src/http/schemas.ts';
import { TimeEntry } from '../src/modules/timesheet/timesheet.schemas.ts';

const { values: args } = parseArgs({ options: { rounds: { type: 'string', default: '9' } } });
const ROUNDS = Number(args.rounds);

/** The schema with every `type: [X, 'null']` turned back into `anyOf: [{ type: X, … }, { type: 'null' }]`. */
function asAnyOf(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(asAnyOf);
  if (schema === null || typeof schema !== 'object') return schema;
  const copy = Object.fromEntries(Object.entries(schema).map(([key, value]) => [key, asAnyOf(value)]));
  const { type, description, ...rest } = copy as { type?: unknown; description?: unknown };
  if (!Array.isArray(type) || type.length !== 2 || type[1] !== 'null') return copy;
  return { anyOf: [{ ...rest, type: type[0] }, { type: 'null' }], ...(description === undefined ? {} : { description }) };
}

const now = new Date('2026-03-02T22:04:05.123Z');
const id = '0b7f2f5e-3c1a-4f7e-9d2a-1c2b3d4e5f60';
const entry = {
  id, employeeId: id, companyId: id, payPeriodId: id,
  clockIn: new Date(now.getTime() - 8 * 3_600_000), clockOut: now, breakMinutes: 30,
  totalHours: 7.5, regularHours: 7.5, overtimeHours: 0,
  jobCode: 'JOB-12', taskCode: null, notes: null, clockInIp: '203.0.113.7', clockOutIp: '203.0.113.7', clockInDevice: 'kiosk-3',
  clockInRecordedAt: new Date(now.getTime() - 8 * 3_600_000), clockOutRecordedAt: now,
  status: 'PENDING', approved: false, createdAt: now, updatedAt: now,
  payPeriod: { id, startDate: new Date('2026-03-01T05:00:00Z'), endDate: new Date('2026-03-15T04:59:59.999Z'), status: 'OPEN', locked: false },
};

const cases: Array<{ name: string; schema: TSchema; value: unknown; perRound: number }> = [
  { name: 'one entry (a punch\'s answer)', schema: envelope(TimeEntry), value: { success: true, data: entry }, perRound: 50_000 },
  { name: '100 entries (a timesheet\'s rows)', schema: envelope(Type.Array(TimeEntry)), value: { success: true, data: Array.from({ length: 100 }, () => entry) }, perRound: 500 },
];

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

console.log(`| response | type lists µs | anyOf µs | type lists ÷ anyOf |`);
console.log(`|---|---|---|---|`);
for (const { name, schema, value, perRound } of cases) {
  const typeLists = build(schema as object);
  const withAnyOf = asAnyOf(schema);
  if (JSON.stringify(withAnyOf) === JSON.stringify(schema)) throw new Error(`${name}: no nullable type list to compare with an anyOf`);
  const anyOf = build(withAnyOf as object);
  if (typeLists(value) !== anyOf(value)) throw new Error(`${name}: the two serializers wrote different JSON`);
  const times = { typeLists: [] as number[], anyOf: [] as number[] };
  for (let round = 0; round < ROUNDS; round++) {
    for (const [which, serialize] of [['typeLists', typeLists], ['anyOf', anyOf]] as const) {
      const start = process.hrtime.bigint();
      for (let i = 0; i < perRound; i++) serialize(value);
      times[which].push(Number(process.hrtime.bigint() - start) / perRound / 1000);
    }
  }
  const [lists, anys] = [median(times.typeLists), median(times.anyOf)];
  console.log(`| ${name} | ${lists.toFixed(2)} | ${anys.toFixed(2)} | ${(lists / anys).toFixed(2)} |`);
}
