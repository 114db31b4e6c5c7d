/**
 * `npm run admin:create -- --email E [--password P]`: creates an administrator, or resets its password and turns its
 * two-step codes off (the way back in for a lost phone).
 * Without --password it asks for one with hidden input.
 */
import { rmSync } from 'node:fs';
import { createInterface } from 'node:readline';
import { parseArgs } from 'node:util';
import { newPasswordSchema, staffEmailSchema } from '../src/shared/schemas/auth.ts';
import { ConfigError, loadConfig } from '../src/server/config.ts';
import { openConfiguredDatabase } from '../src/server/instance.ts';
import { upsertAdmin } from '../src/server/modules/auth/accounts.ts';
import { setupCodeFile } from '../src/server/modules/auth/first-run.ts';
import { DataDirLockedError } from '../src/server/platform/data-dir-lock.ts';

function fail(message: string): never {
  console.error(message);
  process.exit(1);
}

function askHidden(question: string): Promise<string> {
  if (!process.stdin.isTTY) fail('No --password given and no terminal to ask for one.');
  return new Promise((resolve) => {
    const rl = createInterface({ input: process.stdin, output: process.stdout, terminal: true });
    const output = rl as unknown as { _writeToOutput: (text: string) => void };
    let prompted = false;
    output._writeToOutput = (text: string) => {
      // Echo the prompt once, then nothing of what is typed.
      if (!prompted) process.stdout.write(text);
      prompted = true;
    };
    rl.question(question, (answer) => {
      rl.close();
      process.stdout.write('\n');
      resolve(answer);
    });
  });
}

const { values } = parseArgs({ options: { email: { type: 'string' }, password: { type: 'string' } } });
const email = staffEmailSchema.safeParse(values.email ?? '');
if (!email.success) fail(`--email: ${email.error.issues[0]!.message}`);
const password = newPasswordSchema.safeParse(values.password ?? (await askHidden('Contraseña: ')));
if (!password.success) fail(`--password: ${password.error.issues[0]!.message}`);

try {
  const config = loadConfig();
  const { database, lock } = await openConfiguredDatabase(config, 'npm run admin:create');
  try {
    const outcome = await upsertAdmin(database.db, email.data, password.data);
    rmSync(setupCodeFile(config.dataDir), { force: true });
    console.log(outcome === 'created' ? `Administrator ${email.data} created.` : `Password of ${email.data} reset, two-step codes off; it is an administrator.`);
  } finally {
    await database.close();
    lock?.release();
  }
} catch (error) {
  fail(error instanceof ConfigError || error instanceof DataDirLockedError ? error.message : String(error));
}
