// Documentation and behaviour cannot drift: every response an API test receives
// through `request()`/`client()` is checked against the app's own OpenAPI document, for its
// route and status. An undocumented route or status fails the test, so does a body that does
// not match the documented schema. Validators are compiled once per app and cached.
import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';
import type { App } from '../../src/app.ts';
import { isHiddenRoute, openApiDocument } from '../../src/http/openapi.ts';
import { ErrorEnvelope } from '../../src/http/schemas.ts';

type AddFormats = (ajv: Ajv2020) => Ajv2020;
const addFormats: AddFormats =
  (addFormatsModule as unknown as { default?: AddFormats }).default ?? (addFormatsModule as unknown as AddFormats);

interface MediaType {
  schema?: Record<string, unknown>;
}
interface ResponseObject {
  description?: string;
  content?: Record<string, MediaType>;
}
interface Operation {
  responses?: Record<string, ResponseObject>;
}
interface Template {
  path: string;
  segments: string[];
  operations: Record<string, Operation>;
}

export interface CheckedResponse {
  status: number;
  headers: Record<string, string | string[] | number | undefined>;
  raw: string;
}

export class ResponseCheckError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ResponseCheckError';
  }
}

class ResponseChecker {
  private readonly templates: Template[];
  private readonly validators = new Map<string, ValidateFunction>();
  private readonly ajv = new Ajv2020({ strict: false, allErrors: true, validateFormats: true });
  private readonly components: unknown;
  /** `label status` of every entry of the document's `x-error-catalogue`. */
  private readonly catalogue: Set<string>;

  constructor(private readonly app: App) {
    const document = openApiDocument(app) as { paths?: Record<string, Record<string, Operation>>; components?: unknown };
    this.components = document.components;
    const catalogue = (document as { 'x-error-catalogue'?: Array<{ status: number; label: string }> })['x-error-catalogue'] ?? [];
    this.catalogue = new Set(catalogue.map((entry) => `${entry.label} ${entry.status}`));
    this.templates = Object.entries(document.paths ?? {}).map(([path, operations]) => ({
      path,
      segments: path.split('/'),
      operations,
    }));
    addFormats(this.ajv);
  }

  check(method: string, url: string, response: CheckedResponse): void {
    const pathname = url.split('?')[0] ?? url;
    const template = this.match(method, pathname);
    if (!template) {
      if (isHiddenRoute(pathname)) return; // /docs, /metrics, the document itself: not API operations
      if (this.app.findRoute({ method: method as 'GET', url: pathname })) {
        throw new ResponseCheckError(`${method} ${pathname} is served by a route that the OpenAPI document does not list`);
      }
      // No route: the not-found handler answers 404 Not found in the error envelope.
      if (response.status !== 404) {
        throw new ResponseCheckError(`${method} ${pathname} matched no route yet answered ${response.status} instead of 404`);
      }
      this.validate(`not-found`, { ...ErrorEnvelope }, method, pathname, response);
      this.checkLabel(method, pathname, response, '');
      return;
    }
    const operation = template.operations[method.toLowerCase()] as Operation;
    const documented = operation.responses ?? {};
    const status = String(response.status);
    const entry = documented[status];
    if (!entry) {
      throw new ResponseCheckError(
        `${method} ${template.path} answered ${status}, a status its OpenAPI document does not list ` +
          `(documented: ${Object.keys(documented).join(', ')}). Add it to the route's schema.response. ` +
          `Body: ${truncate(response.raw)}`,
      );
    }
    if (response.status === 204 || (response.raw === '' && !entry.content)) return;
    const contentType = String(response.headers['content-type'] ?? '').split(';')[0]?.trim().toLowerCase() ?? '';
    const content = entry.content ?? {};
    const mediaType = Object.keys(content).find((type) => type.toLowerCase() === contentType);
    if (!mediaType) {
      throw new ResponseCheckError(
        `${method} ${template.path} answered ${status} with content-type "${contentType}", but its OpenAPI document ` +
          `describes ${Object.keys(content).length ? Object.keys(content).join(', ') : 'no body'} for that status ` +
          `(does the route declare a response schema for ${status}?). Body: ${truncate(response.raw)}`,
      );
    }
    const schema = content[mediaType]?.schema;
    if (!schema || !/json/.test(mediaType)) return; // CSV and other text bodies: the media type is the contract
    this.validate(`${method} ${template.path} ${status} ${mediaType}`, schema, method, template.path, response, status);
    this.checkLabel(method, template.path, response, entry.description ?? '');
  }

  /**
   * An error's label must be one the document names for that status: an entry of its
   * `x-error-catalogue` (the catalogue of src/core/errors.ts), or a label the operation's own
   * description of the status quotes (a probe route's `failureError`, say).
   */
  private checkLabel(method: string, path: string, response: CheckedResponse, description: string): void {
    if (response.status < 400) return;
    const body = JSON.parse(response.raw) as { success?: unknown; error?: unknown };
    if (body.success !== false || typeof body.error !== 'string') return;
    if (this.catalogue.has(`${body.error} ${response.status}`) || description.includes(`\`${body.error}\``)) return;
    throw new ResponseCheckError(
      `${method} ${path} answered ${response.status} with the error label "${body.error}", which the OpenAPI document's ` +
        `x-error-catalogue does not list for that status: add it to src/core/errors.ts. Body: ${truncate(response.raw)}`,
    );
  }

  /** The documented path that routes this URL, preferring static segments as Fastify's router does. */
  private match(method: string, pathname: string): Template | undefined {
    const segments = pathname.split('/');
    let best: Template | undefined;
    let bestScore: number[] = [];
    for (const template of this.templates) {
      if (!template.operations[method.toLowerCase()] || template.segments.length !== segments.length) continue;
      const score: number[] = [];
      let ok = true;
      for (let i = 0; i < segments.length; i++) {
        const expected = template.segments[i] ?? '';
        const actual = segments[i] ?? '';
        if (/^\{[^}]+\}$/.test(expected)) {
          if (actual === '') ok = false;
          score.push(0);
        } else if (expected === actual) {
          score.push(1);
        } else {
          ok = false;
        }
        if (!ok) break;
      }
      if (ok && (!best || compareScores(score, bestScore) > 0)) {
        best = template;
        bestScore = score;
      }
    }
    return best;
  }

  private validate(key: string, schema: Record<string, unknown>, method: string, path: string, response: CheckedResponse, status = '404'): void {
    let validate = this.validators.get(key);
    if (!validate) {
      // The components ride along so that `#/components/schemas/…` references resolve.
      validate = this.ajv.compile({ ...schema, ...(this.components ? { components: this.components } : {}) });
      this.validators.set(key, validate);
    }
    let body: unknown;
    try {
      body = JSON.parse(response.raw);
    } catch {
      throw new ResponseCheckError(`${method} ${path} answered ${status} with a body that is not JSON: ${truncate(response.raw)}`);
    }
    if (!validate(body)) {
      const errors = (validate.errors ?? []).map((error) => `${error.instancePath || '(root)'} ${error.message ?? error.keyword} ${JSON.stringify(error.params)}`);
      throw new ResponseCheckError(
        `${method} ${path} answered ${status} with a body that does not match its OpenAPI schema:\n  ${errors.join('\n  ')}\nBody: ${truncate(response.raw)}`,
      );
    }
  }
}

function compareScores(a: number[], b: number[]): number {
  for (let i = 0; i < Math.max(a.length, b.length); i++) {
    const diff = (a[i] ?? 0) - (b[i] ?? 0);
    if (diff !== 0) return diff;
  }
  return 0;
}

function truncate(text: string, max = 600): string {
  return text.length > max ? `${text.slice(0, max)}…` : text;
}

const checkers = new WeakMap<App, ResponseChecker>();

/** Throws a ResponseCheckError when the response is not what the app's OpenAPI document promises. */
export function checkResponse(app: App, method: string, url: string, response: CheckedResponse): void {
  let checker = checkers.get(app);
  if (!checker) {
    checker = new ResponseChecker(app);
    checkers.set(app, checker);
  }
  checker.check(method, url, response);
}
