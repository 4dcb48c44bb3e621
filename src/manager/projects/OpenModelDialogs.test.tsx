import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { NotFilledWarning } from './OpenModelDialogs.tsx';

// The ready pop-up says which inputs the workbook has no named cell for (open-model `not_filled`).
describe('NotFilledWarning', () => {
  it('names the inputs left out, the first ten and how many more', () => {
    const html = renderToStaticMarkup(<NotFilledWarning keys={['Kostenstijging Per05', 'NcwDatum']} />);
    expect(html).toContain('Niet alles is ingevuld.');
    expect(html).toContain('De werkmap heeft geen cel met een naam voor Kostenstijging Per05, NcwDatum. Die waarden staan niet in het bestand; de werkmap rekent daar met zijn eigen waarden.');
    const many = Array.from({ length: 13 }, (_, i) => `ToekomstigeIndexGebruiker Per${String(i + 1).padStart(2, '0')} rij 10`);
    expect(renderToStaticMarkup(<NotFilledWarning keys={many} />)).toContain('Per10 rij 10 en nog 3.');
  });

  it('says nothing when every input had its cell', () => {
    expect(renderToStaticMarkup(<NotFilledWarning keys={[]} />)).toBe('');
  });
});
