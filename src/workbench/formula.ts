// '=B3*2' typed into an input cell of a grid whose cells keep no formula (parameter sets, space usage;
// the entry grids keep theirs, formulaCells.ts): the grid's references (A = first column, 1 = first row) are
// replaced by the values the grid shows, ranges by inline arrays, Dutch decimal commas by points;
// the engine's HyperFormula then computes the result, which is stored as the cell's value.

const COLS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';
export function colIndex(letters: string): number {
  let n = 0;
  for (const ch of letters) n = n * 26 + (COLS.indexOf(ch) + 1);
  return n - 1;
}

export function resolveFormula(formula: string, valueAt: (row: number, col: number) => number): string {
  const ref = (l: string, r: string) => valueAt(Number(r) - 1, colIndex(l));
  return formula
    .trim()
    .toUpperCase()
    .replace(/(\d),(\d)/g, '$1.$2')
    .replace(/;/g, ',')
    .replace(/\$?([A-Z]{1,2})\$?(\d+):\$?([A-Z]{1,2})\$?(\d+)/g, (_m, c1: string, r1: string, c2: string, r2: string) => {
      const rows: string[] = [];
      for (let r = Number(r1); r <= Number(r2); r++) {
        const cells: string[] = [];
        for (let c = colIndex(c1); c <= colIndex(c2); c++) cells.push(String(valueAt(r - 1, c)));
        rows.push(cells.join(','));
      }
      return `{${rows.join(';')}}`;
    })
    .replace(/\b\$?([A-Z]{1,2})\$?(\d+)\b(?!\()/g, (_m, l: string, r: string) => String(ref(l, r)));
}
