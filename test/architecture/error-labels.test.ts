// Every error label lives in one place: the catalogue of src/core/errors.ts, where each
// situation is a named constructor with its status and label. Anywhere else in src/, a label
// typed as a string, or an AppError built by hand, is a label that can drift from the
// catalogue, the OpenAPI document and the tests; this scan fails on either.
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { ErrorCode, errorCatalogue, Errors, FailureLabel, THINGS, ValidationLabel } from '../../src/core/errors.ts';
import { errorResponses } from '../../src/http/schemas.ts';
import { createTestApp } from '../helpers/app.ts';
import { request } from '../helpers/http.ts';

const ROOT = join(import.meta.dirname, '..', '..');
const CATALOGUE_FILE = 'src/core/errors.ts';
const LABELS = new Set(errorCatalogue.map((entry) => entry.label));

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return entry.name.endsWith('.ts') ? [path] : [];
  });
}

/** `file:line: what` for every catalogue label typed as a string and every `new AppError(`. */
function findStrayLabels(fileName: string, text: string): string[] {
  const source = ts.createSourceFile(fileName, text, ts.ScriptTarget.Latest, true);
  const found: string[] = [];
  const report = (node: ts.Node, what: string) =>
    found.push(`${fileName}:${source.getLineAndCharacterOfPosition(node.getStart()).line + 1}: ${what}`);
  const visit = (node: ts.Node): void => {
    if ((ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) && LABELS.has(node.text)) {
      report(node, `the label '${node.text}' typed as a string`);
    }
    // `${thing} not found` rebuilt by hand instead of notFoundLabel(thing).
    if (ts.isTemplateExpression(node) && node.templateSpans.some((span) => span.literal.text === ' not found')) {
      report(node, 'a `<Thing> not found` label built by hand');
    }
    if (ts.isNewExpression(node) && ts.isIdentifier(node.expression) && node.expression.text === 'AppError') {
      report(node, 'new AppError( outside the catalogue');
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

describe('the error catalogue', () => {
  it('is the only place in src/ where an error label is written or an AppError is built', () => {
    const stray = sourceFiles(join(ROOT, 'src'))
      .map((path) => relative(ROOT, path))
      .filter((path) => path !== CATALOGUE_FILE)
      .flatMap((path) => findStrayLabels(path, readFileSync(join(ROOT, path), 'utf8')));
    expect(stray).toEqual([]);
  });

  it('the scan does find a typed label, a hand-built not-found label and a hand-built AppError', () => {
    const sample = [
      "throw Errors.businessRule('Pay period locked');",
      'const label = `${thing} not found`;',
      "throw new AppError(409, 'Request in progress');",
      "const fine = 'Pay period locked soon';",
    ].join('\n');
    expect(findStrayLabels('sample.ts', sample)).toEqual([
      "sample.ts:1: the label 'Pay period locked' typed as a string",
      'sample.ts:2: a `<Thing> not found` label built by hand',
      'sample.ts:3: new AppError( outside the catalogue',
      "sample.ts:3: the label 'Request in progress' typed as a string",
    ]);
  });

  it('gives every label one status, and every constructor the status and label of its entry', () => {
    const statusOf = new Map<string, number>();
    for (const { label, status } of errorCatalogue) {
      expect(statusOf.has(label), label).toBe(false);
      statusOf.set(label, status);
    }
    expect(Errors.payPeriodLocked()).toMatchObject({ statusCode: 400, label: ErrorCode.payPeriodLocked.label });
    expect(Errors.requiredRole('employee')).toMatchObject({ statusCode: 403, label: 'Access denied. Required role: employee' });
    expect(Errors.invalidTimeEntryData('x')).toMatchObject({ statusCode: 400, label: ValidationLabel.timeEntry, detail: 'x' });
    expect(Errors.internal()).toMatchObject({ statusCode: 500, label: FailureLabel.default });
    for (const thing of THINGS) expect(statusOf.get(Errors.notFound(thing).label)).toBe(404);
    for (const { status, label } of Object.values(ErrorCode)) expect(statusOf.get(label)).toBe(status);
  });

  it('is published in the OpenAPI document as x-error-catalogue', async () => {
    const t = await createTestApp();
    try {
      const res = await t.app.inject({ method: 'GET', url: '/api/v1/openapi.json' });
      const document = res.json() as { 'x-error-catalogue'?: unknown };
      expect(document['x-error-catalogue']).toEqual(errorCatalogue);
      expect(document['x-error-catalogue']).toContainEqual({ status: 400, label: 'Pay period locked' });
    } finally {
      await t.close();
    }
  });

  it('makes the response check of the tests fail on a label the catalogue does not list', async () => {
    const t = await createTestApp({
      routes: (app) => {
        const schema = { tags: ['probe'], summary: 'probe', response: errorResponses() };
        app.get('/api/v1/probe-labels/listed', { schema }, async (_request, reply) =>
          reply.code(400).send({ success: false, error: ErrorCode.overlappingPayPeriod.label }),
        );
        app.get('/api/v1/probe-labels/unlisted', { schema }, async (_request, reply) =>
          reply.code(400).send({ success: false, error: 'Made-up label' }),
        );
        app.get('/api/v1/probe-labels/wrong-status', { schema }, async (_request, reply) =>
          reply.code(400).send({ success: false, error: ErrorCode.serviceUnavailable.label }),
        );
      },
    });
    try {
      expect((await request(t.app, 'GET', '/api/v1/probe-labels/listed')).status).toBe(400);
      await expect(request(t.app, 'GET', '/api/v1/probe-labels/unlisted')).rejects.toThrow(
        /answered 400 with the error label "Made-up label", which the OpenAPI document's x-error-catalogue does not list/,
      );
      await expect(request(t.app, 'GET', '/api/v1/probe-labels/wrong-status')).rejects.toThrow(/error label "Service unavailable"/);
    } finally {
      await t.close();
    }
  });
});
