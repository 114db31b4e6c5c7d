import { describe, expect, it } from 'vitest';
import { htmlSafeJson, jsonLdScript } from './json-ld.ts';

describe('jsonLdScript', () => {
  const hostile = { name: '</script><script>alert(1)</script> & <!-- \u2028\u2029 "x"', nested: ['</SCRIPT>', { a: '<' }] };

  it('leaves nothing that could close the element or open a comment, and parses back to the same data', () => {
    const script = jsonLdScript(hostile);
    const body = /^<script type="application\/ld\+json">(.*)<\/script>$/s.exec(script)?.[1];
    expect(body).toBeDefined();
    expect(body).not.toMatch(/[<>&\u2028\u2029]/);
    expect(JSON.parse(body!)).toEqual(hostile);
  });

  it('escapes with JSON unicode escapes', () => {
    expect(htmlSafeJson({ a: '<b>&' })).toBe('{"a":"\\u003cb\\u003e\\u0026"}');
  });
});
