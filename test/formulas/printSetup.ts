// A sheet's print set-up as a workbook carries it (tests of the export and the report templates):
// the pageSetup attributes, fit-to-page, and the print titles (the _xlnm.Print_Titles name).
import { attr, decodeXml, type XlsxPackage } from '../../src/formulas/xlsxPackage.ts';

export interface PrintSetup {
  orientation?: string;
  paperSize?: string;
  fitToPage: boolean;
  fitToWidth?: number;
  fitToHeight?: number;
  /** e.g. `'Kostenraming'!$A:$B,'Kostenraming'!$1:$1` */
  titles?: string;
  footer?: string;
}

export function printSetupOf(pkg: XlsxPackage, sheet: string): PrintSetup {
  const index = pkg.sheets.findIndex((s) => s.name === sheet);
  const xml = pkg.zip.text(pkg.sheets[index]!.path)!;
  const setup = /<pageSetup\b([^>]*)\/?>/.exec(xml)?.[1] ?? '';
  const num = (name: string) => (attr(setup, name) === undefined ? undefined : Number(attr(setup, name)));
  const titles = [...pkg.workbookXml.matchAll(/<definedName\b([^>]*)>([^<]*)<\/definedName>/g)]
    .find((m) => attr(m[1]!, 'name') === '_xlnm.Print_Titles' && attr(m[1]!, 'localSheetId') === String(index))?.[2];
  return {
    orientation: attr(setup, 'orientation'),
    paperSize: attr(setup, 'paperSize'),
    fitToPage: /<pageSetUpPr\b[^>]*fitToPage="(1|true)"/.test(xml),
    fitToWidth: num('fitToWidth') ?? (setup ? 1 : undefined),
    fitToHeight: num('fitToHeight') ?? (setup ? 1 : undefined),
    titles: titles && decodeXml(titles),
    footer: /<oddFooter>([^<]*)<\/oddFooter>/.exec(xml)?.[1],
  };
}
