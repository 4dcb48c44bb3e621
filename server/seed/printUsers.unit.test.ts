import { describe, expect, it } from 'vitest';
import { printSeededUsers } from './index.ts';

describe('printSeededUsers', () => {
  it('prints the demo sign-ins in one box, every line as wide, each user with role, e-mail and password', () => {
    const out: string[] = [];
    printSeededUsers([
      { email: 'admin@grondslag.local', password: 'Gs-abc7a!', role: 'ADM', isStaff: true },
      { email: 'lezer@grondslag.local', password: 'Gs-def7a!', role: 'VWR', isStaff: false },
    ], (l) => out.push(l));
    const box = out.filter(Boolean);
    expect(box[0]!.startsWith('╔') && box.at(-1)!.startsWith('╚')).toBe(true);
    expect(new Set(box.map((l) => l.length)).size).toBe(1);
    expect(box).toContainEqual(expect.stringContaining('beheerder (staff): admin@grondslag.local  wachtwoord: Gs-abc7a!'));
    expect(box).toContainEqual(expect.stringContaining('lezer: lezer@grondslag.local  wachtwoord: Gs-def7a!'));
  });
});
