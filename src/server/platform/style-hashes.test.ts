import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { sonnerStyleSources, styleHashSource } from './style-hashes.ts';

describe('style hashes', () => {
  it("hashes a <style>'s text as CSP does: sha256 of its UTF-8, base64", () => {
    expect(styleHashSource('')).toBe("'sha256-47DEQpj8HBSa+/TImW+5JCeuQeRkm5NMpJWZG3hSuFU='");
  });

  it('finds the stylesheet the installed sonner inserts, the same in both of its module formats', () => {
    const [esm, commonJs] = ['index.mjs', 'index.js'].map((file) => sonnerStyleSources(readFileSync(`node_modules/sonner/dist/${file}`, 'utf8')));
    // The empty <style> it attaches first, then its stylesheet.
    expect(esm).toHaveLength(2);
    expect(esm![0]).toBe(styleHashSource(''));
    expect(esm![1]).toMatch(/^'sha256-[\w+/]{43}='$/);
    expect(commonJs).toEqual(esm);
  });

  it('fails loudly when sonner inserts its styles some other way', () => {
    expect(() => sonnerStyleSources('export const Toaster = () => null;')).toThrow(/__insertCSS/);
  });
});
