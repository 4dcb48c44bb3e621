/** Version stamp of the terms of use every user must have accepted (spec 2 §1). */
export const TERMS_VERSION = '202502211200';

const longDate = new Intl.DateTimeFormat('nl-NL', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });

/** The version stamp (yyyymmddhhmm) as the user reads it: '202502211200' → '21 februari 2025'. */
export function termsVersionText(version = TERMS_VERSION): string {
  const m = /^(\d{4})(\d{2})(\d{2})\d{4}$/.exec(version);
  return m ? longDate.format(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]))) : version;
}
