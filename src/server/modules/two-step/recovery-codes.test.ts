import { describe, expect, it } from 'vitest';
import { newRecoveryCodes, RECOVERY_CODE_COUNT, recoveryCodeHash, typedRecoveryCode } from './recovery-codes.ts';

describe('recovery codes', () => {
  it('are ten distinct codes of two groups of five in Crockford base32', () => {
    const codes = newRecoveryCodes();
    expect(codes).toHaveLength(RECOVERY_CODE_COUNT);
    expect(new Set(codes).size).toBe(RECOVERY_CODE_COUNT);
    for (const code of codes) expect(code).toMatch(/^[0-9A-HJKMNP-TV-Z]{5}-[0-9A-HJKMNP-TV-Z]{5}$/);
  });

  it('read the same however they are typed, and hash to what was stored', () => {
    const [code] = newRecoveryCodes();
    const stored = recoveryCodeHash(typedRecoveryCode(code!)!);
    for (const typed of [code!, code!.toLowerCase(), code!.replace('-', ' '), ` ${code!.replace('-', '')} `]) {
      expect(recoveryCodeHash(typedRecoveryCode(typed)!)).toBe(stored);
    }
    expect(typedRecoveryCode('K3M9Q-7TZ2O')).toBe(typedRecoveryCode('K3M9Q-7TZ20'));
    expect(typedRecoveryCode('K3M9Q-7TZ2I')).toBe(typedRecoveryCode('K3M9Q-7TZ21'));
  });

  it('refuse what cannot be a code', () => {
    expect(typedRecoveryCode('K3M9Q-7TZ2')).toBeNull();
    expect(typedRecoveryCode('K3M9Q-7TZ2AB')).toBeNull();
    expect(typedRecoveryCode('K3M9Q-7TZ2U')).toBeNull();
    expect(typedRecoveryCode('')).toBeNull();
  });

  it('are never stored as typed', () => {
    const [code] = newRecoveryCodes();
    const hash = recoveryCodeHash(typedRecoveryCode(code!)!);
    expect(hash).not.toContain(code!.replace('-', ''));
    expect(hash).toMatch(/^[\w-]{43}$/);
  });
});
