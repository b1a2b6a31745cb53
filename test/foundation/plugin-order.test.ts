// The app's parts are named plugins that declare what must come before them: Fastify itself
// refuses to boot when one is missing or registered later, so the order cannot silently rot.
import cookie from '@fastify/cookie';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppContext } from '../../src/core/context.ts';
import { authGuardPlugin } from '../../src/http/auth-guard.ts';
import { errorHandlersPlugin } from '../../src/http/error-handler.ts';
import { idempotencyPlugin } from '../../src/http/idempotency.ts';
import { metricsPlugin } from '../../src/http/metrics.ts';
import { docsPlugin } from '../../src/http/docs-ui.ts';
import { openApiPlugin } from '../../src/http/openapi.ts';
import { PLUGIN } from '../../src/http/plugin.ts';
import { requestHooksPlugin } from '../../src/http/request-hooks.ts';
import { registerModules } from '../../src/modules/index.ts';
import { createTestApp, type TestApp } from '../helpers/app.ts';

// Never read: Fastify checks a plugin's dependencies before it runs the plugin.
const ctx = {} as AppContext;

async function bootError(build: (app: FastifyInstance) => Promise<unknown> | unknown): Promise<Error & { code?: string }> {
  const app = Fastify({ logger: false });
  try {
    await build(app);
    await app.ready();
  } catch (error) {
    return error as Error & { code?: string };
  } finally {
    await app.close().catch(() => undefined);
  }
  throw new Error('the app booted');
}

describe('plugin order', () => {
  it('refuses the auth guard without idempotency before it', async () => {
    const error = await bootError(async (app) => {
      await app.register(cookie);
      await app.register(authGuardPlugin, { ctx });
    });
    expect(error.code).toBe('FST_ERR_PLUGIN_DEPENDENCY_NOT_REGISTERED');
    expect(error.message).toContain(PLUGIN.idempotency);
    expect(error.message).toContain(PLUGIN.authGuard);
  });

  it('refuses idempotency registered after the auth guard', async () => {
    const error = await bootError((app) => {
      app.register(cookie);
      app.register(authGuardPlugin, { ctx });
      app.register(idempotencyPlugin, { ctx });
    });
    expect(error.code).toBe('FST_ERR_PLUGIN_DEPENDENCY_NOT_REGISTERED');
    expect(error.message).toContain(PLUGIN.idempotency);
  });

  it('refuses the metrics and docs routes before the OpenAPI collector', async () => {
    for (const plugin of [metricsPlugin, docsPlugin]) {
      const error = await bootError((app) => app.register(plugin, { ctx }));
      expect(error.code).toBe('FST_ERR_PLUGIN_DEPENDENCY_NOT_REGISTERED');
      expect(error.message).toContain(PLUGIN.openApi);
    }
  });

  it('refuses the modules while the auth guard is missing', async () => {
    const error = await bootError(async (app) => {
      await app.register(errorHandlersPlugin, { ctx });
      await app.register(requestHooksPlugin, { ctx });
      await app.register(cookie);
      await app.register(openApiPlugin, { ctx });
      await app.register(idempotencyPlugin, { ctx });
      await registerModules(app.withTypeProvider<TypeBoxTypeProvider>(), ctx);
    });
    expect(error.code).toBe('FST_ERR_PLUGIN_DEPENDENCY_NOT_REGISTERED');
    expect(error.message).toContain(PLUGIN.authGuard);
  });

  describe('the app', () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await createTestApp();
    });
    afterAll(async () => t.close());

    it('registers every named part, the health module included', () => {
      for (const name of [...Object.values(PLUGIN), 'payclock-health']) expect(t.app.hasPlugin(name), name).toBe(true);
    });
  });
});
