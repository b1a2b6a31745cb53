// web/src/api/schema.d.ts is generated from the service's own OpenAPI document and committed, so
// the web app's build breaks where a screen must follow an API change. This fails when the
// committed file is not what `npm run api:types` would write today.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { API_TYPES_PATH, generateApiTypes } from '../../scripts/api-types.ts';

describe('web/src/api/schema.d.ts', () => {
  it('matches the types generated from GET /api/v1/openapi.json (run `npm run api:types` when this fails)', async () => {
    const generated = await generateApiTypes();
    expect(generated).toContain('"/api/v1/employee/timesheet/entry"');
    expect(readFileSync(API_TYPES_PATH, 'utf8') === generated, 'web/src/api/schema.d.ts is stale: run `npm run api:types`').toBe(true);
  }, 120_000);
});
