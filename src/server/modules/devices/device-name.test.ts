import { describe, expect, it } from 'vitest';
import { deviceOf } from './device-name.ts';

describe('deviceOf', () => {
  it('names the browser and the system of the usual phones and computers', () => {
    const iphone = 'Mozilla/5.0 (iPhone; CPU iPhone OS 18_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.5 Mobile/15E148 Safari/604.1';
    const android = 'Mozilla/5.0 (Linux; Android 14; SM-A546B) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/142.0.0.0 Mobile Safari/537.36';
    const windows = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:145.0) Gecko/20100101 Firefox/145.0';
    expect(deviceOf(iphone)).toEqual({ browser: 'Safari', system: 'iOS' });
    expect(deviceOf(android)).toEqual({ browser: 'Chrome', system: 'Android' });
    expect(deviceOf(windows)).toEqual({ browser: 'Firefox', system: 'Windows' });
  });

  it('says nothing rather than guess for an empty or unknown agent', () => {
    expect(deviceOf(null)).toEqual({ browser: null, system: null });
    expect(deviceOf('')).toEqual({ browser: null, system: null });
    expect(deviceOf('curl/8.5.0')).toEqual({ browser: null, system: null });
  });
});
