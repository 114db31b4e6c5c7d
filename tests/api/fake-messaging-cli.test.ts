import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';

// Issue 46: `npm run fake:messaging` refuses bad arguments with exit code 2 and says what is wrong.
const run = promisify(execFile);

async function fakeMessaging(...args: string[]): Promise<{ code: number; stderr: string }> {
  try {
    await run('node_modules/.bin/tsx', ['scripts/fake-messaging.ts', ...args], { timeout: 30_000 });
    return { code: 0, stderr: '' };
  } catch (error) {
    const failed = error as { code?: number; stderr?: string };
    return { code: failed.code ?? -1, stderr: failed.stderr ?? '' };
  }
}

describe('npm run fake:messaging', () => {
  it('exits 2 with a clear message on a missing or bad argument', async () => {
    const secrets = ['--app-secret', 's', '--twilio-auth-token', 't'];
    const cases: [string[], RegExp][] = [
      [secrets, /--mesa is required/],
      [['--mesa', 'localhost:3000', ...secrets], /--mesa must be an http\(s\) URL/],
      [['--mesa', 'http://localhost:3000', '--twilio-auth-token', 't'], /--app-secret is required/],
      [['--mesa', 'http://localhost:3000', ...secrets, '--port', 'x'], /--port must be a port number/],
      [['--mesa', 'http://localhost:3000', ...secrets, '--bogus'], /Unknown option '--bogus'/],
    ];
    for (const [args, message] of cases) {
      const { code, stderr } = await fakeMessaging(...args);
      expect(code).toBe(2);
      expect(stderr).toMatch(message);
      expect(stderr).toContain('Usage: npm run fake:messaging');
    }
  }, 120_000);
});
