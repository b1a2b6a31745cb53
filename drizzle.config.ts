import { defineConfig } from 'drizzle-kit';

// Only used to generate migrations (`npm run db:generate`); the app applies them itself.
export default defineConfig({
  dialect: 'postgresql',
  schema: './src/db/schema.ts',
  out: './drizzle',
});
