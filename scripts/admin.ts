import { parseArgs } from 'node:util';
import { adminNameSchema } from '../src/shared/admin.schemas.ts';
import { emailSchema, newPasswordSchema } from '../src/shared/auth.schemas.ts';
import { DatabaseInUseError, openDatabase } from '../src/db/client.ts';
import { ConfigError, loadConfig } from '../src/server/config.ts';
import {
  createAdmin,
  generateAdminPassword,
  resetAdminPassword,
} from '../src/server/features/admin-auth/admin-accounts.ts';
import { AppError } from '../src/server/plugins/errors.ts';

/**
 * Administrator accounts from the command line (the only way besides the one-time setup link):
 *   npm run admin:create -- --email <e> --name "<n>"
 *   npm run admin:reset-password -- --email <e>
 * The password comes from ADMIN_PASSWORD, else a strong one is generated and printed once.
 */
function fail(message: string): never {
  console.error(message);
  process.exit(1);
}

function parsed<T>(
  schema: {
    safeParse(
      v: unknown,
    ): { success: true; data: T } | { success: false; error: { issues: { message: string }[] } };
  },
  value: unknown,
  label: string,
): T {
  const result = schema.safeParse(value);
  if (!result.success) fail(`${label}: ${result.error.issues[0]?.message ?? 'not valid'}`);
  return result.data;
}

const [command, ...rest] = process.argv.slice(2);
if (command !== 'create' && command !== 'reset-password') {
  fail(
    'Usage: npm run admin:create -- --email <e> --name "<n>" | npm run admin:reset-password -- --email <e>',
  );
}
const { values } = parseArgs({
  args: rest,
  options: { email: { type: 'string' }, name: { type: 'string' } },
  strict: true,
});
const email = parsed(emailSchema, values.email ?? '', '--email');
const name = command === 'create' ? parsed(adminNameSchema, values.name ?? '', '--name') : '';
const fromEnv = process.env.ADMIN_PASSWORD;
const password = fromEnv
  ? parsed(newPasswordSchema, fromEnv, 'ADMIN_PASSWORD')
  : generateAdminPassword();

let config;
try {
  config = loadConfig();
} catch (error) {
  fail(error instanceof ConfigError ? error.message : String(error));
}
let database;
try {
  database = openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
} catch (error) {
  fail(error instanceof DatabaseInUseError ? error.message : String(error));
}
try {
  await database.migrate();
  const audit = { actor: 'cli', adminId: null };
  if (command === 'create') {
    await createAdmin(database.db, { email, name, password }, audit);
    console.log(`Administrator created: ${name} <${email}>`);
  } else {
    await resetAdminPassword(database.db, { email, password }, audit);
    console.log(`Password reset for ${email}; their sessions have ended.`);
  }
  console.log(
    fromEnv ? 'Password: the one in ADMIN_PASSWORD.' : `Password (shown only now): ${password}`,
  );
} catch (error) {
  process.exitCode = 1;
  console.error(error instanceof AppError ? error.message : String(error));
} finally {
  await database.close();
}
