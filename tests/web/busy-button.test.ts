/** busyWhile (web/src/ui/busy-button.ts): a PNG button says it is working, ignores clicks meanwhile, and comes back. */
import { describe, expect, it } from 'vitest';
import { busyWhile } from '../../web/src/ui/busy-button';
import { deferred } from './deferred';

/** the part of a button busyWhile touches */
class FakeButton {
  textContent: string | null = 'PNG';
  private readonly attributes = new Map<string, string>();
  getAttribute(name: string): string | null {
    return this.attributes.get(name) ?? null;
  }
  setAttribute(name: string, value: string): void {
    this.attributes.set(name, value);
  }
  removeAttribute(name: string): void {
    this.attributes.delete(name);
  }
}

describe('busyWhile', () => {
  it('marks the button busy while the work runs, ignores clicks meanwhile, and restores it after', async () => {
    const fake = new FakeButton();
    const button = fake as unknown as HTMLButtonElement;
    const work = deferred();
    let started = 0;
    busyWhile(button, () => {
      started++;
      return work.promise;
    });
    expect(fake.textContent).toBe('PNG…');
    expect(fake.getAttribute('aria-busy')).toBe('true');
    // a second click while busy starts nothing
    busyWhile(button, () => {
      started++;
      return Promise.resolve();
    });
    expect(started).toBe(1);
    work.resolve();
    await work.promise;
    await Promise.resolve();
    expect(fake.textContent).toBe('PNG');
    expect(fake.getAttribute('aria-busy')).toBeNull();
  });

  it('comes back after a failure too, and after work that throws at once', async () => {
    const fake = new FakeButton();
    const button = fake as unknown as HTMLButtonElement;
    const work = deferred();
    busyWhile(button, () => work.promise);
    work.reject(new Error('no canvas'));
    await work.promise.catch(() => undefined);
    await Promise.resolve();
    expect(fake.textContent).toBe('PNG');
    expect(() => busyWhile(button, () => {
      throw new Error('at once');
    })).toThrow('at once');
    expect(fake.textContent).toBe('PNG');
    expect(fake.getAttribute('aria-busy')).toBeNull();
  });
});
