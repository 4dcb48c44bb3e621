// The gridlines of the app's hand-made SVG charts (the tool's Overzicht, the verschillenanalyse).

/**
 * Round axis values covering min…max (about `count` of them): steps of 1, 2, 2,5 or 5 times a power of ten,
 * so the gridlines fall on amounts a reader can name.
 */
export function niceTicks(min: number, max: number, count = 5): number[] {
  if (!(max > min)) {
    if (min === 0 && max === 0) return [0, 1];
    [min, max] = [Math.min(min, 0), Math.max(max, 0)];
    if (min === max) return [min, min + 1];
  }
  const raw = (max - min) / Math.max(1, count - 1);
  const power = 10 ** Math.floor(Math.log10(raw));
  const step = [1, 2, 2.5, 5, 10].map((m) => m * power).find((s) => s >= raw * (1 - 1e-9))!;
  const first = Math.floor(min / step + 1e-9);
  const last = Math.ceil(max / step - 1e-9);
  const ticks: number[] = [];
  // Whole multiples of the step, rounded to the step's own precision (0.1 + 0.2 must not show as 0,30000000004).
  for (let i = first; i <= last; i++) ticks.push(Number((i * step).toPrecision(12)));
  return ticks;
}
