import { describe, expect, it } from 'vitest';
import { createHash } from 'node:crypto';
import { existsSync, statSync } from 'node:fs';
import { setupMessages } from '@shared/staff-messages/team.ts';
import { restaurantConfig, setupCodes, userRoles, users } from '../../src/server/db/schema.ts';
import { announceSetupCode, issueSetupCode, readSetupCodeFile, setupCodeFile } from '../../src/server/modules/auth/first-run.ts';
import { useApiSuite } from '../support/api-suite.ts';
import { freshAddress } from '../support/bookings.ts';

// Issue 20, item 1: on a fresh install the owner's account is made in the browser with the server's one-time code.
const { app, db } = useApiSuite({ owner: false });
const embedded = () => app().instance.database.kind === 'pglite';
const setup = (payload: object, remoteAddress = freshAddress()) =>
  app().request({ method: 'POST', url: '/api/auth/setup', payload, remoteAddress });
const required = async () => (await app().request({ method: 'GET', url: '/api/auth/setup' })).json().required as boolean;
const OWNER = { email: 'Propietaria@Example.com', password: 'una-contraseña-muy-larga-42' };


describe('the first run', () => {
  it('starts with a code in the log and, with the embedded database, in DATA_DIR/setup-code (0600); only its hash is stored', async () => {
    expect(await required()).toBe(true);
    const [stored] = await db().select().from(setupCodes);
    expect(stored).toBeDefined();
    if (embedded()) {
      const code = readSetupCodeFile(app().dataDir)!;
      expect(code).toMatch(/^[0-9A-HJKMNP-TV-Z]{4}(-[0-9A-HJKMNP-TV-Z]{4}){3}$/);
      expect(statSync(setupCodeFile(app().dataDir)).mode & 0o777).toBe(0o600);
      expect(stored!.codeHash).not.toContain(code.replace(/-/g, ''));
      expect(stored!.codeHash).toBe(createHash('sha256').update(code.replace(/-/g, '')).digest('hex'));
    }
  });

  it('refuses a wrong code and bad fields with Spanish messages, and creates nothing', async () => {
    await issueSetupCode(db(), { replace: true });
    const wrong = await setup({ ...OWNER, code: 'AAAA-BBBB-CCCC-DDDD' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error).toMatchObject({ code: 'setup_code_invalid', fields: { code: setupMessages.codeInvalid } });
    const bad = await setup({ code: '', email: 'no-es-un-email', password: 'corta' });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().error.fields).sort()).toEqual(['code', 'email', 'password']);
    expect(await db().select().from(users)).toEqual([]);
    expect(await required()).toBe(true);
  });

  it('limits the tries from one address', async () => {
    const answers = [];
    for (let attempt = 0; attempt < 11; attempt++) answers.push((await setup({ ...OWNER, code: 'ZZZZ-ZZZZ-ZZZZ-ZZZZ' }, '10.21.0.1')).statusCode);
    expect(answers.slice(0, 10)).toEqual(Array(10).fill(400));
    expect(answers[10]).toBe(429);
  });

  it("a new code replaces the old ('npm run setup-code'); the right one, typed in any case and without dashes, makes the owner and signs them in", async () => {
    const old = (await issueSetupCode(db(), { replace: true }))!;
    const code = (await issueSetupCode(db(), { replace: true }))!;
    expect((await setup({ ...OWNER, code: old })).statusCode).toBe(400);

    const created = await setup({ ...OWNER, code: code.toLowerCase().replace(/-/g, '') });
    expect(created.statusCode).toBe(201);
    expect(created.json().user).toMatchObject({ email: 'propietaria@example.com', isAdmin: true });
    const cookie = created.headers['set-cookie'];
    expect(cookie).toBeDefined();
    const session = await app().request({ method: 'GET', url: '/api/auth/session', headers: { cookie: String(cookie).split(';')[0]! } });
    expect(session.json().user).toMatchObject({ email: 'propietaria@example.com', isAdmin: true });
    const [owner] = await db().select().from(userRoles);
    expect(owner!.role).toBe('admin');
    // New bookings alert the owner from the first day: no admin email was set, so theirs is.
    const [config] = await db().select({ adminEmail: restaurantConfig.adminEmail }).from(restaurantConfig);
    expect(config!.adminEmail).toBe('propietaria@example.com');

    // Spent: the code, its file, and the set-up itself are gone.
    expect(await db().select().from(setupCodes)).toEqual([]);
    expect(existsSync(setupCodeFile(app().dataDir))).toBe(false);
    expect(await required()).toBe(false);
    const again = await setup({ email: 'otra@example.com', password: OWNER.password, code });
    expect(again.statusCode).toBe(409);
    expect(again.json().error.message).toBe(setupMessages.done);
    expect(await db().select().from(users)).toHaveLength(1);
  });

  it('once the owner exists, a start issues no code and clears any left behind', async () => {
    await issueSetupCode(db(), { replace: true });
    const lines: string[] = [];
    const log = { info: (line: string) => lines.push(line), warn: (line: string) => lines.push(line) };
    await announceSetupCode(db(), { dataDir: app().dataDir, embedded: embedded(), log });
    expect(lines).toEqual([]);
    expect(await db().select().from(setupCodes)).toEqual([]);
    expect(await required()).toBe(false);
  });
});
