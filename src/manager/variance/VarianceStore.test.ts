import { describe, expect, it, vi } from 'vitest';
import { ResponseError } from '../../api/http.ts';
import type { VarianceAnswer, VarianceChoices } from '../../api/contract/variance.ts';
import { VARIANCE_MESSAGES } from '../../api/contract/messages.ts';
import { deferred } from '../../../test/deferred.ts';
import { ANSWER_9B, MODEL_A, MODEL_B } from '../../../test/manager/varianceAnswer.ts';
import { EXPORT_FAILED, VarianceStore } from './VarianceStore.ts';

// Which comparison the screen asks for and shows (issue 37.5), against a fake server.

const OTHER = { ...MODEL_A, model_id: 13, version_name: 'Concept', adopted_on: null };
const CHOICES: VarianceChoices = {
  model: MODEL_B, default_against: MODEL_A, default_reason: 'rolled_over_from', no_default: null, choices: [MODEL_A, OTHER],
};
const NO_DEFAULT: VarianceChoices = { ...CHOICES, default_against: null, default_reason: null, no_default: VARIANCE_MESSAGES.noDefault };
const toasts = () => ({ success: vi.fn(), error: vi.fn() });

function storeWith(choices: VarianceChoices, get: (id: number, against?: number) => Promise<VarianceAnswer>, save = vi.fn(async () => {})) {
  const t = toasts();
  const api = { choices: vi.fn(async () => choices), get: vi.fn(get) };
  return { store: new VarianceStore(MODEL_B.model_id, t, api, save), api, toasts: t, save };
}

describe('VarianceStore', () => {
  it('without a choice asks for the default comparison and shows it', async () => {
    const { store, api } = storeWith(CHOICES, async () => ANSWER_9B);
    await store.open(undefined);
    expect(api.get).toHaveBeenCalledWith(MODEL_B.model_id, undefined);
    expect(store.againstModel).toEqual(MODEL_A);
    expect(store.shown).toBe(ANSWER_9B);
  });

  it('without a default comparison asks nothing more and says why', async () => {
    const { store, api, toasts: t } = storeWith(NO_DEFAULT, async () => ANSWER_9B);
    await store.open(undefined);
    expect(api.get).not.toHaveBeenCalled();
    expect(store.noComparison).toBe(VARIANCE_MESSAGES.noDefault);
    expect(store.againstModel).toBeNull();
    expect(store.shown).toBeNull();
    expect(t.error).not.toHaveBeenCalled();
  });

  it('never shows the figures of another comparison: while the chosen one is computed, and after it is refused', async () => {
    const later = deferred<VarianceAnswer>();
    const { store, api, toasts: t } = storeWith(CHOICES, (_id, against) => (against === OTHER.model_id ? later.promise : Promise.resolve(ANSWER_9B)));
    await store.open(undefined);
    const opened = store.open(OTHER.model_id);
    expect(api.choices).toHaveBeenCalledTimes(1); // the choices are the model's, not the comparison's
    expect(store.againstModel).toEqual(OTHER);
    expect(store.shown).toBeNull();
    later.reject(new ResponseError(400, 'De startdatum van het latere model ligt vóór die van het eerdere.', null));
    await opened;
    expect(store.shown).toBeNull();
    expect(store.problem).toBe('De startdatum van het latere model ligt vóór die van het eerdere.');
    expect(t.error).toHaveBeenCalledWith('De startdatum van het latere model ligt vóór die van het eerdere.');
    await store.open(undefined);
    expect(store.problem).toBeNull();
    expect(store.shown).toBe(ANSWER_9B);
  });

  it('exports what it shows, and says so when the export fails', async () => {
    const save = vi.fn(async () => { throw new Error('disk'); });
    const { store, toasts: t } = storeWith(CHOICES, async () => ANSWER_9B, save);
    expect(await store.exportXlsx()).toBe(false);
    expect(save).not.toHaveBeenCalled();
    await store.open(undefined);
    expect(await store.exportXlsx()).toBe(false);
    expect(save).toHaveBeenCalledWith(ANSWER_9B);
    expect(t.error).toHaveBeenCalledWith(EXPORT_FAILED);
  });
});
