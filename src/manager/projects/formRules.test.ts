import { describe, expect, it } from 'vitest';
import { ResponseError } from '../../api/http.ts';
import { STALE_EDIT_MESSAGE } from '../../api/contract/messages.ts';
import { isStaleEdit, saveErrorMessage } from './formRules.ts';

describe('what a failed save of the project, version and model forms says', () => {
  it('a 409 over someone else\'s newer change says so, and is not a taken name', () => {
    const stale = new ResponseError(409, STALE_EDIT_MESSAGE.version, { message: STALE_EDIT_MESSAGE.version, code: 'stale', fields: ['description'] });
    expect(isStaleEdit(stale)).toBe(true);
    expect(saveErrorMessage(stale, 'version')).toBe('Deze versie is intussen door iemand anders gewijzigd. Uw wijzigingen zijn niet opgeslagen; open de versie opnieuw om de nieuwe gegevens te zien.');
    const taken = new ResponseError(409, 'Er bestaat al een versie met deze naam.', { message: 'Er bestaat al een versie met deze naam.' });
    expect(isStaleEdit(taken)).toBe(false);
    expect(saveErrorMessage(taken, 'version')).toBe('Er bestaat al een versie met deze naam.');
  });
});
