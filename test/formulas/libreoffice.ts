// LibreOffice headless as an independent recalculator of the xlsx export (tests and benchmark only;
// Node APIs). See docs/stack.md: a profile with OOXMLRecalcMode = 0 (always) and a pinned en-US
// locale; results are read from the sheet XML (exceljs drops cached results equal to 0).
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { ensureProgram } from '../../scripts/ensure.ts';
import { a1 } from '../../src/formulas/workbookRefs.ts';
import { openXlsx, readAllSheetCells, type SavedCell } from '../../src/formulas/xlsxPackage.ts';

const XCU = `<?xml version="1.0" encoding="UTF-8"?>
<oor:items xmlns:oor="http://openoffice.org/2001/registry" xmlns:xs="http://www.w3.org/2001/XMLSchema" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance">
<item oor:path="/org.openoffice.Office.Calc/Formula/Load"><prop oor:name="OOXMLRecalcMode" oor:op="fuse"><value>0</value></prop></item>
<item oor:path="/org.openoffice.Office.Calc/Formula/Load"><prop oor:name="ODFRecalcMode" oor:op="fuse"><value>0</value></prop></item>
<item oor:path="/org.openoffice.Setup/L10N"><prop oor:name="ooLocale" oor:op="fuse"><value>en-US</value></prop></item>
<item oor:path="/org.openoffice.Setup/L10N"><prop oor:name="ooSetupSystemLocale" oor:op="fuse"><value>en-US</value></prop></item>
<item oor:path="/org.openoffice.Office.Common/Misc"><prop oor:name="FirstRun" oor:op="fuse"><value>false</value></prop></item>
</oor:items>
`;

/**
 * A fresh LibreOffice user profile that recalculates xlsx files on load; with `recalculate` false it
 * keeps LibreOffice's default (never recalculate on load: what a user's LibreOffice does), only the
 * locale pinned.
 */
export function makeProfile(recalculate = true): string {
  const dir = mkdtempSync(join(tmpdir(), 'grondslag-lo-'));
  mkdirSync(join(dir, 'user'), { recursive: true });
  writeFileSync(join(dir, 'user', 'registrymodifications.xcu'), recalculate ? XCU : XCU.replace(/<item [^\n]*RecalcMode[^\n]*\n/g, ''));
  return dir;
}

/**
 * Recalculate xlsx files with LibreOffice in one soffice call; returns the paths of the
 * recalculated copies (in outDir, same base names). Throws when an output is missing.
 */
export function recalcWithLibreOffice(files: string[], outDir: string, profile = makeProfile()): string[] {
  const soffice = ensureProgram('soffice');
  mkdirSync(outDir, { recursive: true });
  const r = spawnSync(
    soffice,
    [`-env:UserInstallation=file://${profile}`, '--headless', '--norestore', '--convert-to', 'xlsx:Calc MS Excel 2007 XML', '--outdir', outDir, ...files],
    { encoding: 'utf8', timeout: 280_000, env: { ...process.env, LANG: 'en_US.UTF-8', LC_ALL: 'C.UTF-8', HOME: profile } },
  );
  const outs = files.map((f) => join(outDir, basename(f)));
  const missing = outs.filter((o) => !existsSync(o));
  if (missing.length) throw new Error(`LibreOffice gaf geen uitvoer voor ${missing.join(', ')} (status ${r.status}): ${r.stderr}`);
  return outs;
}

/**
 * Print xlsx files to PDF with LibreOffice in one soffice call (the recalculating profile, so the pages
 * show the numbers); returns the PDFs' paths (in outDir, same base names with .pdf).
 */
export function pdfWithLibreOffice(files: string[], outDir: string, profile = makeProfile()): string[] {
  const soffice = ensureProgram('soffice');
  mkdirSync(outDir, { recursive: true });
  const r = spawnSync(
    soffice,
    [`-env:UserInstallation=file://${profile}`, '--headless', '--norestore', '--convert-to', 'pdf:calc_pdf_Export', '--outdir', outDir, ...files],
    { encoding: 'utf8', timeout: 280_000, env: { ...process.env, LANG: 'en_US.UTF-8', LC_ALL: 'C.UTF-8', HOME: profile } },
  );
  const outs = files.map((f) => join(outDir, basename(f).replace(/\.xlsx$/i, '.pdf')));
  const missing = outs.filter((o) => !existsSync(o));
  if (missing.length) throw new Error(`LibreOffice gaf geen PDF voor ${missing.join(', ')} (status ${r.status}): ${r.stderr}`);
  return outs;
}

/** The number of pages of a PDF (pdfinfo, poppler-utils). */
export function pdfPageCount(pdf: string): number {
  const out = execFileSync(ensureProgram('pdfinfo'), [pdf], { encoding: 'utf8' });
  return Number(/^Pages:\s+(\d+)/m.exec(out)?.[1] ?? NaN);
}

/** The text of a PDF's pages (pdftotext -layout), one string per page. */
export function pdfPagesText(pdf: string): string[] {
  return execFileSync(ensureProgram('pdftotext'), ['-layout', pdf, '-'], { encoding: 'utf8', maxBuffer: 64 << 20 }).split('\f').slice(0, -1);
}

type XlsxValue = number | string | boolean | { error: string };

/** Cell values of every sheet (sheet name → A1 address → value), read from the sheet XML. */
export async function readXlsxValues(file: string): Promise<Map<string, Map<string, XlsxValue>>> {
  const sheets = await readAllSheetCells(await openXlsx(readFileSync(file)));
  const out = new Map<string, Map<string, XlsxValue>>();
  for (const [name, cells] of sheets) {
    const values = new Map<string, XlsxValue>();
    for (const [key, cell] of cells) {
      const [row, col] = key.split(':').map(Number) as [number, number];
      if (cell.value !== null) values.set(a1(col, row), cell.value);
    }
    out.set(name, values);
  }
  return out;
}

/**
 * A CSV text (comma, double quote, UTF-8) opened by LibreOffice headless as a user's import dialog would
 * with "Evaluate formulas" on and, with `trimSpaces`, "Trim spaces" on; saved as xlsx and read back: the
 * cells of the first sheet (A1 address → value and formula, if LibreOffice made one).
 */
export async function importCsvWithLibreOffice(csv: string, trimSpaces: boolean): Promise<Map<string, SavedCell>> {
  const soffice = ensureProgram('soffice');
  const profile = makeProfile(false);
  const dir = mkdtempSync(join(tmpdir(), 'grondslag-csv-'));
  try {
    writeFileSync(join(dir, 'feed.csv'), csv, 'utf8');
    // Tokens: separator, quote, charset (76 = UTF-8), first line, column formats, language, quoted field
    // as text, detect special numbers, -, -, trim spaces, -, evaluate formulas.
    const filter = `CSV:44,34,76,1,,0,false,true,false,false,${trimSpaces},-1,true`;
    const r = spawnSync(
      soffice,
      [`-env:UserInstallation=file://${profile}`, '--headless', '--norestore', `--infilter=${filter}`, '--convert-to', 'xlsx', '--outdir', dir, join(dir, 'feed.csv')],
      { encoding: 'utf8', timeout: 280_000, env: { ...process.env, LANG: 'en_US.UTF-8', LC_ALL: 'C.UTF-8', HOME: profile } },
    );
    const out = join(dir, 'feed.xlsx');
    if (!existsSync(out)) throw new Error(`LibreOffice gaf geen uitvoer voor de CSV (status ${r.status}): ${r.stderr}`);
    const [cells] = (await readAllSheetCells(await openXlsx(readFileSync(out)))).values();
    const byAddress = new Map<string, SavedCell>();
    for (const [key, cell] of cells ?? []) {
      const [row, col] = key.split(':').map(Number) as [number, number];
      byAddress.set(a1(col, row), cell);
    }
    return byAddress;
  } finally {
    rmSync(dir, { recursive: true, force: true });
    rmSync(profile, { recursive: true, force: true });
  }
}
