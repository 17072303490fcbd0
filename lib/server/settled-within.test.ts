import { describe, expect, it } from 'vitest';
import { settledWithin } from './settled-within';

const after = <T>(ms: number, value: T) => new Promise<T>((resolve) => setTimeout(() => resolve(value), ms));

describe('settledWithin', () => {
  it('gives the value of work that settles in time, an undefined value included', async () => {
    await expect(settledWithin(Promise.resolve(7), 50)).resolves.toEqual({ value: 7 });
    await expect(settledWithin(Promise.resolve(undefined), 50)).resolves.toEqual({ value: undefined });
  });

  it('gives undefined for work that is later, and leaves that work running', async () => {
    const slow = after(200, 'done');
    await expect(settledWithin(slow, 10)).resolves.toBeUndefined();
    await expect(slow).resolves.toBe('done');
  });

  it('throws a rejection that comes in time', async () => {
    await expect(settledWithin(Promise.reject(new Error('refused')), 50)).rejects.toThrow('refused');
  });
});
