import { describe, expect, it, vi } from 'vitest';
import { ResponseError } from '../api/http.ts';
import { deferred } from '../../test/deferred.ts';
import { Submission } from './submission.ts';

const toasts = () => ({ success: vi.fn(), error: vi.fn() });
const invalid = new ResponseError(400, 'Ongeldige invoer.', {
  message: 'Ongeldige invoer.',
  errors: [{ path: 'base_url', message: 'Geen geldig adres.' }, { path: 'name', message: 'Naam is verplicht.' }],
});

describe('Submission: one way for a screen to write', () => {
  it('is busy while the write is under way and refuses a second one meanwhile', async () => {
    const t = toasts();
    const s = new Submission(t);
    const answer = deferred<void>();
    const write = vi.fn(() => answer.promise);
    const first = s.run(write, { success: 'Opslaan gelukt!', failure: 'Opslaan mislukt.' });
    expect(s.busy).toBe(true);
    expect(await s.run(write, { success: 'Opslaan gelukt!', failure: 'Opslaan mislukt.' })).toBe(false);
    expect(write).toHaveBeenCalledTimes(1);
    answer.resolve();
    expect(await first).toBe(true);
    expect(s.busy).toBe(false);
    expect(t.success.mock.calls).toEqual([['Opslaan gelukt!']]);
    expect(t.error).not.toHaveBeenCalled();
  });

  it('puts the server\'s field messages on the fields, keeps the input and shows one toast', async () => {
    const t = toasts();
    const s = new Submission(t);
    const form = { name: '', baseUrl: 'kaart' };
    const ok = await s.run(async () => {
      await Promise.reject(invalid);
      form.baseUrl = '';
    }, { success: 'Opslaan gelukt!', failure: 'Opslaan mislukt.' });
    expect(ok).toBe(false);
    expect(s.busy).toBe(false);
    expect(s.fieldErrors).toEqual({ base_url: 'Geen geldig adres.', name: 'Naam is verplicht.' });
    expect(form).toEqual({ name: '', baseUrl: 'kaart' });
    expect(t.error.mock.calls).toEqual([['Ongeldige invoer.']]);
    expect(t.success).not.toHaveBeenCalled();
  });

  it('clears the field messages when the next write starts', async () => {
    const s = new Submission(toasts());
    await s.run(() => Promise.reject(invalid), { failure: 'Opslaan mislukt.' });
    const answer = deferred<void>();
    const next = s.run(() => answer.promise, { failure: 'Opslaan mislukt.' });
    expect(s.fieldErrors).toEqual({});
    answer.resolve();
    await next;
  });

  it('shows the screen\'s own text when the server has no Dutch message, and a picked one when asked', async () => {
    const t = toasts();
    const s = new Submission(t);
    await s.run(() => Promise.reject(new ResponseError(500, 'Internal', null)), { failure: 'Opslaan mislukt.' });
    await s.run(() => Promise.reject(new ResponseError(409, 'Conflict', { message: 'Bestaat al.' })),
      { failure: (e) => (e instanceof ResponseError && e.status === 409 ? 'Deze naam bestaat al.' : 'Opslaan mislukt.') });
    expect(t.error.mock.calls).toEqual([['Opslaan mislukt.'], ['Deze naam bestaat al.']]);
  });

  it('shows no toast when the screen answers the failure itself, and a success text from the answer', async () => {
    const t = toasts();
    const s = new Submission(t);
    expect(await s.run(() => Promise.reject(new ResponseError(423, 'Locked', null)), { failure: () => null })).toBe(false);
    expect(await s.run(async () => ({ name: 'Zuid' }), { success: (r) => `${r.name} aangemaakt.`, failure: 'Mislukt.' })).toBe(true);
    expect(t.error).not.toHaveBeenCalled();
    expect(t.success.mock.calls).toEqual([['Zuid aangemaakt.']]);
  });
});
