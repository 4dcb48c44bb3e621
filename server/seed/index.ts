import { randomBytes } from 'node:crypto';
import { count } from 'drizzle-orm';
import type { Db } from '../db/index.ts';
import {
  appUser, categoryAttachment, client, phase, subregion, typeProject, userSubregion,
} from '../db/schema/index.ts';
import { hashPassword } from '../auth/passwords.ts';
import { ensureShippedDocumentation } from './documentation.ts';
import { ensureReportTemplates, ensureTemplateModels } from './templates.ts';

interface SeededUser {
  email: string;
  password: string;
  role: string;
  isStaff: boolean;
}

/** A password that meets the policy (upper, lower, digit, special, ≥ 12). */
function generatePassword(): string {
  return `Gs-${randomBytes(9).toString('base64url')}7a!`;
}

/**
 * First start of an empty database: one client with an administrator (staff), a normal user and a
 * read-only user, and the reference data every client needs (the shipped spreadsheet-model template
 * and report templates are added by ensureTemplateModels and ensureReportTemplates, which run at every
 * start; the report templates are granted to these users there). Returns the users with their
 * passwords (printed once by the caller), or null when the database already had a client. `at`: the
 * server's clock, for the rows' timestamps.
 * `DEMO_PASSWORD` fixes the passwords (used by the end-to-end tests).
 */
export async function seedIfEmpty(db: Db, at: Date, fixedPassword = process.env.DEMO_PASSWORD): Promise<SeededUser[] | null> {
  const [{ n }] = await db.select({ n: count() }).from(client);
  if (n > 0) return null;
  return db.transaction(async (tx) => {
    const [c] = await tx.insert(client).values({ name: 'Gemeente Voorbeeld', createdAt: at }).returning();
    const people = [
      { firstName: 'Anna', lastName: 'Beheerder', email: 'admin@grondslag.local', role: 'ADM' as const, isStaff: true },
      { firstName: 'Gijs', lastName: 'Gebruiker', email: 'gebruiker@grondslag.local', role: 'USR' as const, isStaff: false },
      { firstName: 'Lotte', lastName: 'Lezer', email: 'lezer@grondslag.local', role: 'VWR' as const, isStaff: false },
    ];
    const seeded: SeededUser[] = [];
    const users = [];
    for (const p of people) {
      const password = fixedPassword ?? generatePassword();
      const [u] = await tx.insert(appUser).values({ ...p, clientId: c.id, passwordHash: await hashPassword(password), createdAt: at }).returning();
      users.push(u);
      seeded.push({ email: p.email, password, role: p.role, isStaff: p.isStaff });
    }
    await tx.insert(typeProject).values(
      ['Onbepaald', 'Woningbouw', 'Bedrijventerrein', 'Herstructurering'].map((description, i) => ({ clientId: c.id, description, isDefault: i === 0 })),
    );
    await tx.insert(categoryAttachment).values(
      ['Ongecategoriseerd', 'Tekeningen', 'Rapporten', 'Besluiten'].map((name, i) => ({ clientId: c.id, name, isDefault: i === 0 })),
    );
    const subregions = await tx.insert(subregion).values(
      ['Centrum', 'Noord', 'Zuid', 'West'].map((description) => ({ clientId: c.id, description })),
    ).returning();
    await tx.insert(phase).values(
      ['Initiatief', 'Definitie', 'Ontwerp', 'Voorbereiding', 'Realisatie', 'Afsluiting'].map((description, i) => ({ clientId: c.id, description, position: i + 1 })),
    );
    await tx.insert(userSubregion).values(users.flatMap((u) => subregions.map((s) => ({ userId: u.id, subregionId: s.id }))));
    return seeded;
  });
}

/**
 * The demo sign-ins, in a box so that they stand out; the server prints them last, after it listens,
 * so that the build's output does not scroll them away (issue 25 item 14).
 */
export function printSeededUsers(users: SeededUser[], print: (line: string) => void = console.log): void {
  const lines = [
    'Nieuwe database: demo-klant "Gemeente Voorbeeld" aangemaakt.',
    'Inloggegevens (worden eenmalig getoond, bewaar ze nu):',
    '',
    ...users.map((u) => `  ${u.isStaff ? 'beheerder (staff)' : u.role === 'USR' ? 'gebruiker' : 'lezer'}: ${u.email}  wachtwoord: ${u.password}`),
  ];
  const width = Math.max(...lines.map((l) => l.length));
  print('');
  print(`╔${'═'.repeat(width + 2)}╗`);
  for (const l of lines) print(`║ ${l.padEnd(width)} ║`);
  print(`╚${'═'.repeat(width + 2)}╝`);
  print('');
}

/**
 * Every start (the server and the seed command): what the product ships — the spreadsheet-model
 * template, the report templates, the manual and release notes — for every client that lacks it.
 */
export async function ensureShippedContent(db: Db, at: Date): Promise<void> {
  await ensureTemplateModels(db, at);
  await ensureReportTemplates(db, at);
  await ensureShippedDocumentation(db, at);
}
