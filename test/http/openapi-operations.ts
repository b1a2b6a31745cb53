// The app's operations as its own OpenAPI document lists them, for tests that must cover every
// route: a route added later is covered without touching the test.
import type { App } from '../../src/app.ts';
import { openApiDocument } from '../../src/http/openapi.ts';

interface Parameter {
  in: string;
  name: string;
  required?: boolean;
  schema?: Record<string, unknown>;
}

export interface DocumentedOperation {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  /** The OpenAPI path, `/api/v1/admin/companies/{id}`. */
  path: string;
  parameters: Parameter[];
  /** The JSON request body schema, when the operation takes one. */
  body?: { properties?: Record<string, unknown>; required?: string[] };
  security: Array<Record<string, string[]>>;
  responses: Record<string, { description?: string; headers?: Record<string, { schema?: Record<string, unknown> }> }>;
}

export function documentedOperations(app: App): DocumentedOperation[] {
  const document = openApiDocument(app) as {
    paths: Record<string, Record<string, { parameters?: Parameter[]; requestBody?: any; security?: any; responses?: any }>>;
  };
  return Object.entries(document.paths).flatMap(([path, item]) =>
    Object.entries(item).map(([method, operation]) => ({
      method: method.toUpperCase() as DocumentedOperation['method'],
      path,
      parameters: operation.parameters ?? [],
      ...(operation.requestBody ? { body: operation.requestBody.content?.['application/json']?.schema ?? {} } : {}),
      security: operation.security ?? [],
      responses: operation.responses ?? {},
    })),
  );
}

/** True when the operation needs a token (its security lists no anonymous `{}` entry). */
export function requiresToken(operation: DocumentedOperation): boolean {
  return operation.security.length > 0 && operation.security.every((entry) => Object.keys(entry).length > 0);
}

/**
 * A query string holding each required query parameter with a value its schema allows (its
 * first enum value, example or default), so that a request is judged on something else.
 */
export function requiredQuery(operation: DocumentedOperation): string {
  const pairs = operation.parameters
    .filter((parameter) => parameter.in === 'query' && parameter.required)
    .map((parameter) => {
      const schema = parameter.schema ?? {};
      const value = (schema.enum as unknown[] | undefined)?.[0] ?? (schema.examples as unknown[] | undefined)?.[0] ?? schema.default;
      if (value === undefined) throw new Error(`${operation.method} ${operation.path}: no value known for the required ?${parameter.name}`);
      return `${encodeURIComponent(parameter.name)}=${encodeURIComponent(String(value))}`;
    });
  return pairs.length > 0 ? `?${pairs.join('&')}` : '';
}
