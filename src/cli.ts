// The command line (README.md "The first admin"). Every command migrates first.
//   npm run cli -- migrate
//   npm run cli -- create-admin --email E --password P --first-name F --last-name L --org-name "N" [--super-admin]
//   npm run cli -- seed-demo
import { parseArgs } from 'node:util';
import { ConfigError, loadConfig } from './config.ts';
import { openDatabase, type Database } from './db/open.ts';
import { createAdminWithOrg, seedDemo, CliInputError } from './cli-commands.ts';
import { SecretHasher } from './core/hashing.ts';

const USAGE = `Usage: npm run cli -- <command> [options]

Commands:
  migrate        apply the database migrations
  create-admin   --email E --password P --first-name F --last-name L --org-name "N" [--super-admin]
                 creates the organization when none has that name; prints the admin's id
  seed-demo      one organization, two companies and a few employees; prints their credentials`;

async function run(argv: string[]): Promise<number> {
  const [command, ...rest] = argv;
  if (!command || command === '--help' || command === 'help') {
    process.stdout.write(`${USAGE}\n`);
    return command ? 0 : 2;
  }
  if (!['migrate', 'create-admin', 'seed-demo'].includes(command)) {
    process.stderr.write(`Unknown command "${command}".\n\n${USAGE}\n`);
    return 2;
  }
  const config = loadConfig();
  const database: Database = await openDatabase({ url: config.databaseUrl, dataDir: config.dataDir, poolMax: 2 });
  try {
    await database.migrate();
    const hasher = new SecretHasher();
    switch (command) {
      case 'migrate':
        process.stdout.write(`Migrations applied (${database.engine}).\n`);
        return 0;
      case 'create-admin': {
        const { values } = parseArgs({
          args: rest,
          options: {
            email: { type: 'string' },
            password: { type: 'string' },
            'first-name': { type: 'string' },
            'last-name': { type: 'string' },
            'org-name': { type: 'string' },
            'super-admin': { type: 'boolean', default: false },
          },
          strict: true,
        });
        const admin = await createAdminWithOrg(database.db, hasher, {
          email: values.email,
          password: values.password,
          firstName: values['first-name'],
          lastName: values['last-name'],
          orgName: values['org-name'],
          superAdmin: values['super-admin'] ?? false,
        });
        process.stdout.write(`${admin.id}\n`);
        return 0;
      }
      case 'seed-demo': {
        const demo = await seedDemo(database.db, hasher);
        process.stdout.write(`${demo}\n`);
        return 0;
      }
    }
    return 2;
  } finally {
    await database.close();
  }
}

run(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error: unknown) => {
    if (error instanceof ConfigError || error instanceof CliInputError) {
      process.stderr.write(`${error.message}\n`);
    } else if (error instanceof TypeError && (error as NodeJS.ErrnoException).code?.startsWith('ERR_PARSE_ARGS')) {
      process.stderr.write(`${error.message}\n\n${USAGE}\n`);
    } else {
      process.stderr.write(`Command failed: ${error instanceof Error ? error.message : String(error)}\n`);
    }
    process.exit(error instanceof ConfigError || error instanceof CliInputError || error instanceof TypeError ? 2 : 1);
  },
);
