/** Version stamp of the terms of use every user must have accepted (spec 2 §1). */
export const TERMS_VERSION = '202502211200';
