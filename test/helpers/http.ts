// Requests through Fastify's inject (real routing, validation, serialization, no socket).
// Tests that need the network listen on loopback themselves.
import type { App } from '../../src/app.ts';
import type { TokenService } from '../../src/core/tokens.ts';
import { checkResponse } from './response-check.ts';

export interface ApiResponse<T = any> {
  status: number;
  body: T;
  headers: Record<string, string | string[] | number | undefined>;
  raw: string;
}

export interface RequestOptions {
  token?: string;
  body?: unknown;
  headers?: Record<string, string>;
  query?: Record<string, string | number | boolean | undefined>;
  cookies?: Record<string, string>;
  remoteAddress?: string;
}

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE' | 'PATCH';

export async function request<T = any>(app: App, method: Method, url: string, options: RequestOptions = {}): Promise<ApiResponse<T>> {
  const headers: Record<string, string> = { ...options.headers };
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  const response = await app.inject({
    method,
    url,
    headers,
    ...(options.query
      ? { query: Object.fromEntries(Object.entries(options.query).filter(([, v]) => v !== undefined).map(([k, v]) => [k, String(v)])) }
      : {}),
    ...(options.body !== undefined ? { payload: options.body as object } : {}),
    ...(options.cookies ? { cookies: options.cookies } : {}),
    ...(options.remoteAddress ? { remoteAddress: options.remoteAddress } : {}),
  });
  let body: any;
  try {
    body = response.body ? JSON.parse(response.body) : undefined;
  } catch {
    body = undefined;
  }
  // Every answer must be what the OpenAPI document promises for its route and status.
  checkResponse(app, method, url, { status: response.statusCode, headers: response.headers, raw: response.body });
  return { status: response.statusCode, body, headers: response.headers, raw: response.body };
}

/** Bound helpers for one app: `api.get('/api/v1/…', {token})`. */
export function client(app: App) {
  return {
    get: <T = any>(url: string, options?: RequestOptions) => request<T>(app, 'GET', url, options),
    post: <T = any>(url: string, body?: unknown, options?: RequestOptions) => request<T>(app, 'POST', url, { ...options, body }),
    put: <T = any>(url: string, body?: unknown, options?: RequestOptions) => request<T>(app, 'PUT', url, { ...options, body }),
    delete: <T = any>(url: string, options?: RequestOptions) => request<T>(app, 'DELETE', url, options),
  };
}

export function adminToken(tokens: TokenService, admin: { id: string; bookkeeperOrgId: string; email: string }): Promise<string> {
  return tokens.sign({ userId: admin.id, type: 'admin', bookkeeperOrgId: admin.bookkeeperOrgId, email: admin.email }, new Date());
}

export function employeeToken(tokens: TokenService, employee: { id: string; companyId: string }): Promise<string> {
  return tokens.sign({ userId: employee.id, type: 'employee', companyId: employee.companyId }, new Date());
}
