// The refusals of an admin caller that the auth guard gives (docs/api.md §10), for a route that
// checks its caller in its own statement (`callerCheckedByHandler`) to be held to: every
// refusal, whatever the query, must be the guard's answer and nothing about the query.
import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { adminUsers, bookkeeperOrgs } from '../../src/db/schema.ts';
import type { TestApp } from './app.ts';
import type { AdminRow, OrgRow } from './factories.ts';
import type { client } from './http.ts';

/** An admin who may act until refused: its organization, its row and a live token. */
export interface RefusableAdmin {
  org: OrgRow;
  admin: AdminRow;
  token: string;
}

interface Refusal {
  name: string;
  refuse: (caller: RefusableAdmin) => Promise<unknown>;
  status: number;
  error: string;
}

function adminRefusals(t: TestApp, api: ReturnType<typeof client>): Refusal[] {
  return [
    { name: 'deactivated admin', refuse: (x) => t.db.update(adminUsers).set({ active: false }).where(eq(adminUsers.id, x.admin.id)), status: 403, error: 'Account inactive' },
    { name: 'deactivated organization', refuse: (x) => t.db.update(bookkeeperOrgs).set({ active: false }).where(eq(bookkeeperOrgs.id, x.org.id)), status: 403, error: 'Organization inactive' },
    {
      name: 'credentials changed after the token was issued',
      refuse: (x) => t.db.update(adminUsers).set({ credentialsChangedAt: new Date(Date.now() + 60_000) }).where(eq(adminUsers.id, x.admin.id)),
      status: 401,
      error: 'Authentication required',
    },
    { name: 'logged out', refuse: (x) => api.post('/api/v1/auth/logout', {}, { token: x.token }), status: 401, error: 'Authentication required' },
    { name: 'admin removed', refuse: (x) => t.db.delete(adminUsers).where(eq(adminUsers.id, x.admin.id)), status: 401, error: 'Authentication required' },
  ];
}

/**
 * For each refusal: a new caller from `newCaller`, checked by `mayAct` (its request succeeds),
 * then refused, then GET `url` with each query must answer the refusal's status and envelope.
 */
export async function expectEveryRefusal<Caller extends RefusableAdmin>(options: {
  t: TestApp;
  api: ReturnType<typeof client>;
  url: string;
  queries: Array<Record<string, string>>;
  newCaller: () => Promise<Caller>;
  mayAct: (caller: Caller) => Promise<void>;
}): Promise<void> {
  const { t, api, url, queries } = options;
  for (const refusal of adminRefusals(t, api)) {
    const caller = await options.newCaller();
    await options.mayAct(caller);
    await refusal.refuse(caller);
    for (const query of queries) {
      const res = await api.get(url, { token: caller.token, query });
      expect({ refusal: refusal.name, query, status: res.status, body: res.body }).toEqual({
        refusal: refusal.name,
        query,
        status: refusal.status,
        body: { success: false, error: refusal.error },
      });
    }
  }
}
