/**
 * An amount in euros rounded to cents, half away from zero, for output (the CLI, the BI feed). The
 * product × 100 is first read at 15 significant digits, so binary noise (1.255 × 100 = 125.49999…) does
 * not decide the cent; -0 becomes 0.
 */
export function roundCents(x: number): number {
  const hundredths = Number((Math.abs(x) * 100).toPrecision(15));
  return Math.sign(x) * Math.round(hundredths) / 100 || 0;
}
