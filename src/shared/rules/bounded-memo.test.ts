import { describe, expect, it } from 'vitest';
import { boundedMemo } from './bounded-memo.ts';

describe('boundedMemo', () => {
  it('computes a key once, and forgets the oldest beyond its size', () => {
    const computed: string[] = [];
    const upper = boundedMemo(2, (key) => {
      computed.push(key);
      return key.toUpperCase();
    });
    expect([upper('a'), upper('a'), upper('b')]).toEqual(['A', 'A', 'B']);
    expect(computed).toEqual(['a', 'b']);
    upper('c'); // 'a' is forgotten
    expect(upper('b')).toBe('B');
    expect(upper('a')).toBe('A');
    expect(computed).toEqual(['a', 'b', 'c', 'a']);
  });

  it('remembers a result that is undefined or null', () => {
    let calls = 0;
    const nothing = boundedMemo(4, () => {
      calls += 1;
      return null;
    });
    nothing('x');
    nothing('x');
    expect(calls).toBe(1);
  });
});
