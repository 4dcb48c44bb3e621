import { describe, expect, it } from 'vitest';
import { reportMaxMessage, reportMinMessage } from './messages.ts';

describe('report selection messages', () => {
  it('say rekenmodel for one and rekenmodellen for more (issue 25 item 14)', () => {
    expect([reportMinMessage(1), reportMaxMessage(1)]).toEqual(['Selecteer minimaal 1 rekenmodel.', 'Selecteer maximaal 1 rekenmodel.']);
    expect([reportMinMessage(2), reportMaxMessage(50)]).toEqual(['Selecteer minimaal 2 rekenmodellen.', 'Selecteer maximaal 50 rekenmodellen.']);
  });
});
