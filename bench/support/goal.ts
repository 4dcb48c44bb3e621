// A figure against its goal, as every bench prints it (issue 26: each figure meets its goal or says by
// how much it misses): 'gehaald', or 'mist met 123 ms (45 %)'.

export function goal(x: number, target: number, unit: string, atLeast = false): string {
  const met = atLeast ? x >= target : x <= target;
  const by = Math.abs(x - target);
  return met ? 'gehaald' : `mist met ${by.toFixed(by < 1 ? 3 : by < 10 ? 2 : 0)}${unit === '×' ? '×' : ` ${unit}`} (${((atLeast ? target / x : x / target) * 100 - 100).toFixed(0)} %)`;
}
