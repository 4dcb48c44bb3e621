import { describe, expect, it, vi } from 'vitest';
import { ResponseError } from '../api/http.ts';
import { deferred } from '../../test/deferred.ts';
import { Resource } from './resource.ts';

const toasts = () => ({ error: vi.fn() });
const serverError = (status: number, message: string) => new ResponseError(status, message, { message });

describe('Resource: one way for a screen to load data', () => {
  it('keeps the latest request when an older one answers later', async () => {
    const r = new Resource<string>(toasts(), 'Fout bij het laden.');
    const older = deferred<string>();
    const newer = deferred<string>();
    const applied: string[] = [];
    const first = r.load(() => older.promise, (v) => applied.push(v));
    const second = r.load(() => newer.promise, (v) => applied.push(v));
    newer.resolve('pagina 2');
    await second;
    older.resolve('pagina 1');
    expect(await first).toBeUndefined();
    expect(r.value).toBe('pagina 2');
    expect(applied).toEqual(['pagina 2']);
  });

  it('is loading from the first request until the latest one answers', async () => {
    const r = new Resource<number>(toasts(), 'Fout bij het laden.');
    expect(r.loading).toBe(false);
    const older = deferred<number>();
    const newer = deferred<number>();
    void r.load(() => older.promise);
    void r.load(() => newer.promise);
    expect(r.loading).toBe(true);
    older.resolve(1);
    await older.promise;
    expect(r.loading).toBe(true); // the superseded answer does not end the loading of the newer request
    newer.resolve(2);
    await vi.waitFor(() => expect(r.loading).toBe(false));
    expect(new Resource<number>(toasts(), 'x', { loading: true }).loading).toBe(true);
  });

  it('shows one error toast with the server’s Dutch message, or the resource’s own text', async () => {
    const t = toasts();
    const r = new Resource<number>(t, 'Fout bij het laden van de logs.');
    expect(await r.load(() => Promise.reject(serverError(404, 'Niet gevonden.')))).toBeUndefined();
    expect(t.error).toHaveBeenCalledWith('Niet gevonden.');
    expect(r.failed).toBe(true);
    expect(r.loading).toBe(false);
    await r.load(() => Promise.reject(new TypeError('Failed to fetch')));
    expect(t.error).toHaveBeenLastCalledWith('Fout bij het laden van de logs.');
    expect(t.error).toHaveBeenCalledTimes(2);
    await r.load(() => Promise.resolve(3));
    expect(r.failed).toBe(false);
  });

  it('shows no toast for a superseded or cancelled request that fails', async () => {
    const t = toasts();
    const r = new Resource<number>(t, 'Fout bij het laden.');
    const older = deferred<number>();
    const first = r.load(() => older.promise);
    await r.load(() => Promise.resolve(7));
    older.reject(serverError(500, 'kapot'));
    await first;
    const cancelled = deferred<number>();
    const third = r.load(() => cancelled.promise);
    r.cancel();
    expect(r.loading).toBe(false);
    cancelled.reject(new Error('weg'));
    await third;
    expect(t.error).not.toHaveBeenCalled();
    expect(r.failed).toBe(false);
    expect(r.value).toBe(7);
  });

  it('reloads the last request without its apply', async () => {
    const r = new Resource<number>(toasts(), 'Fout bij het laden.');
    let n = 0;
    const apply = vi.fn();
    await r.load(async () => ++n, apply);
    await r.reload();
    expect(r.value).toBe(2);
    expect(apply).toHaveBeenCalledTimes(1);
  });
});
