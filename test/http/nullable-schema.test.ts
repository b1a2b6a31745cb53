// Nullable() (src/http/schemas.ts) in a response shape, through Fastify's own serializer: a type
// list where the schema has one JSON type, an anyOf where null is not among its values (an
// enum), and either way null written as null and a value written as its schema says.
import Fastify from 'fastify';
import { Type } from 'typebox';
import { afterAll, describe, expect, it } from 'vitest';
import { DateTime, Nullable, NullableDateTime } from '../../src/http/schemas.ts';

const Shape = Type.Object({
  text: Nullable(Type.String({ format: 'uuid' })),
  hours: Nullable(Type.Number()),
  at: NullableDateTime,
  period: Nullable(Type.Object({ id: Type.String(), endDate: DateTime })),
  status: Nullable(Type.Enum(['OPEN', 'LOCKED'])),
});

const app = Fastify();
app.post('/echo', { schema: { response: { 200: Shape } } }, async (request) => {
  const body = request.body as Record<string, unknown>;
  // Dates arrive as strings; the serializer must write a Date as ISO-8601, so pass one.
  return { ...body, at: body.at === null ? null : new Date(String(body.at)), period: body.period === null ? null : { ...(body.period as object), endDate: new Date('2026-03-07T05:00:00.000Z') } };
});
afterAll(() => app.close());

describe('Nullable in a response', () => {
  it('is a type list for a schema of one JSON type, and keeps anyOf for an enum', () => {
    expect(Shape.properties.text).toMatchObject({ type: ['string', 'null'], format: 'uuid' });
    expect(Shape.properties.hours).toMatchObject({ type: ['number', 'null'] });
    expect(Shape.properties.at).toMatchObject({ type: ['string', 'null'], format: 'date-time' });
    expect(Shape.properties.period).toMatchObject({ type: ['object', 'null'], required: ['id', 'endDate'] });
    expect(Shape.properties.status).toMatchObject({ anyOf: [{ enum: ['OPEN', 'LOCKED'] }, { type: 'null' }] });
  });

  it('writes null as null', async () => {
    const body = { text: null, hours: null, at: null, period: null, status: null };
    const res = await app.inject({ method: 'POST', url: '/echo', payload: body });
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe('{"text":null,"hours":null,"at":null,"period":null,"status":null}');
  });

  it('writes a value as its schema says: numbers as numbers, Dates as ISO-8601, objects without extra keys', async () => {
    const body = {
      text: '0b7f2f5e-3c1a-4f7e-9d2a-1c2b3d4e5f60',
      hours: 7.25,
      at: '2026-03-02T13:58:00.000Z',
      period: { id: 'p1', extra: 'dropped' },
      status: 'LOCKED',
    };
    const res = await app.inject({ method: 'POST', url: '/echo', payload: body });
    expect(res.statusCode).toBe(200);
    expect(JSON.parse(res.body)).toEqual({
      text: '0b7f2f5e-3c1a-4f7e-9d2a-1c2b3d4e5f60',
      hours: 7.25,
      at: '2026-03-02T13:58:00.000Z',
      period: { id: 'p1', endDate: '2026-03-07T05:00:00.000Z' },
      status: 'LOCKED',
    });
  });
});
