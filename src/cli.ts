// The command line (README.md "The first admin"). Every command migrates first.
//   npm run cli -- migrate
//   npm run cli -- create-admin --email E --password P --first-name F --last-name L --org-name "N" [--super-admin]
//   npm run cli -- seed-demo
import { parseArgs } from 'node:util';
import { ConfigError, loadConfig } from './config.ts';
import { openDatabase, type Database } from './db/open.ts';
import { checkAdminInput, createAdminWithOrg, seedDemo, CliInputError, type CheckedAdminInput } from './cli-commands.ts';
import { SecretHasher } from './core/hashing.ts';
import { mapBundleStackTraces } from './stack-traces.ts';

mapBundleStackTraces(import.meta.url);

const USAGE = `Usage: npm run cli -- <command> [options]

Commands:
  migrate        apply the database migrations
  create-admin   --email E --password P --first-name F --last-name L --org-name "N" [--super-admin]
                 creates the organization when none has that name; prints the admin's id
  seed-demo      one organization, two companies and a few employees; prints their credentials`;

type Command = { name: 'migrate' } | { name: 'seed-demo' } | { name: 'create-admin'; input: CheckedAdminInput };

/**
 * The command and its checked arguments, or the exit code of a help or usage answer. Nothing
 * here reads the configuration or opens the database: a typo is answered at once and changes
 * nothing, even where another process holds the embedded database.
 */
function parseCommand(argv: string[]): Command | number {
  const [name, ...rest] = argv;
  if (!name || name === '--help' || name === 'help') {
    process.stdout.write(`${USAGE}\n`);
    return name ? 0 : 2;
  }
  switch (name) {
    case 'migrate':
    case 'seed-demo':
      parseArgs({ args: rest, options: {}, strict: true }); // they take no options
      return { name };
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
      const input = checkAdminInput({
        email: values.email,
        password: values.password,
        firstName: values['first-name'],
        lastName: values['last-name'],
        orgName: values['org-name'],
        superAdmin: values['super-admin'] ?? false,
      });
      return { name, input };
    }
    default:
      process.stderr.write(`Unknown command "${name}".\n\n${USAGE}\n`);
      return 2;
  }
}

async function run(argv: string[]): Promise<number> {
  const command = parseCommand(argv);
  if (typeof command === 'number') return command;
  const config = loadConfig();
  const database: Database = await openDatabase({ url: config.databaseUrl, dataDir: config.dataDir, poolMax: 2 });
  try {
    await database.migrate();
    switch (command.name) {
      case 'migrate':
        process.stdout.write(`Migrations applied (${database.engine}).\n`);
        return 0;
      case 'create-admin': {
        const admin = await createAdminWithOrg(database.db, new SecretHasher(), command.input);
        process.stdout.write(`${admin.id}\n`);
        return 0;
      }
      case 'seed-demo': {
        const demo = await seedDemo(database.db, new SecretHasher());
        process.stdout.write(`${demo}\n`);
        return 0;
      }
    }
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
