import { expect, it } from 'vitest';
import { coalesced } from './coalesced.ts';

it('runs one at a time, and once more for every burst of requests made meanwhile', async () => {
  let runs = 0;
  let release: () => void = () => undefined;
  const run = coalesced(
    () => {
      runs += 1;
      return new Promise<void>((resolve) => (release = resolve));
    },
    () => undefined,
  );
  run();
  run();
  run();
  expect(runs).toBe(1);
  release();
  await expect.poll(() => runs).toBe(2);
  release();
  await new Promise((resolve) => setTimeout(resolve, 10));
  expect(runs).toBe(2);
});

it('hands a failure to onError and runs again when asked', async () => {
  const errors: unknown[] = [];
  let runs = 0;
  const run = coalesced(async () => {
    runs += 1;
    throw new Error('down');
  }, (error) => errors.push(error));
  run();
  await expect.poll(() => errors.length).toBe(1);
  run();
  await expect.poll(() => runs).toBe(2);
});
