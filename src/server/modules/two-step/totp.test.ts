import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { acceptedStep, currentCode, newTotpSeed, seedForTyping, totpUri, typedCode } from './totp.ts';

const NOW = new Date('2026-11-28T19:00:10Z');
const STEP = Math.floor(NOW.getTime() / 30_000);
const at = (seconds: number) => new Date(NOW.getTime() + seconds * 1000);

describe('two-step codes (RFC 6238)', () => {
  it("matches RFC 6238's SHA-1 test vectors", () => {
    // Appendix B: the ASCII seed '12345678901234567890', 8 digits there; the last 6 digits are the 6-digit code.
    const seed = 'GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ';
    expect(currentCode(seed, new Date(59_000))).toBe('287082');
    expect(currentCode(seed, new Date(1_111_111_109_000))).toBe('081804');
    expect(currentCode(seed, new Date(2_000_000_000_000))).toBe('279037');
  });

  it('accepts the code of now and of one step either side, not two', () => {
    const seed = newTotpSeed();
    expect(acceptedStep(seed, currentCode(seed, NOW), NOW, null)).toBe(STEP);
    expect(acceptedStep(seed, currentCode(seed, at(-30)), NOW, null)).toBe(STEP - 1);
    expect(acceptedStep(seed, currentCode(seed, at(30)), NOW, null)).toBe(STEP + 1);
    expect(acceptedStep(seed, currentCode(seed, at(-60)), NOW, null)).toBeNull();
    expect(acceptedStep(seed, currentCode(seed, at(60)), NOW, null)).toBeNull();
  });

  it('refuses a code of a step already used, or of an earlier one', () => {
    const seed = newTotpSeed();
    const code = currentCode(seed, NOW);
    expect(acceptedStep(seed, code, NOW, STEP)).toBeNull();
    expect(acceptedStep(seed, currentCode(seed, at(-30)), NOW, STEP)).toBeNull();
    expect(acceptedStep(seed, currentCode(seed, at(30)), NOW, STEP)).toBe(STEP + 1);
  });

  it('reads a code typed with spaces or a dash, and refuses anything but six digits', () => {
    const seed = newTotpSeed();
    const code = currentCode(seed, NOW);
    expect(acceptedStep(seed, `${code.slice(0, 3)} ${code.slice(3)}`, NOW, null)).toBe(STEP);
    expect(acceptedStep(seed, `${code.slice(0, 3)}-${code.slice(3)}`, NOW, null)).toBe(STEP);
    fc.assert(
      fc.property(fc.string(), (input) => {
        const typed = typedCode(input);
        return typed === null || /^\d{6}$/.test(typed);
      }),
    );
    expect(typedCode('12345')).toBeNull();
    expect(typedCode('1234567')).toBeNull();
    expect(typedCode('12a456')).toBeNull();
  });

  it('gives the QR code an otpauth address with the restaurant and the account, and the seed in groups of four', () => {
    const seed = newTotpSeed();
    expect(seed).toMatch(/^[A-Z2-7]{32}$/);
    const uri = new URL(totpUri(seed, 'ana@example.com', 'Casa Pepe'));
    expect(uri.protocol).toBe('otpauth:');
    expect(uri.host).toBe('totp');
    expect(decodeURIComponent(uri.pathname)).toBe('/Casa Pepe:ana@example.com');
    expect(uri.searchParams.get('secret')).toBe(seed);
    expect(uri.searchParams.get('issuer')).toBe('Casa Pepe');
    expect(seedForTyping(seed).split(' ')).toHaveLength(8);
    expect(seedForTyping(seed).replaceAll(' ', '')).toBe(seed);
  });
});
