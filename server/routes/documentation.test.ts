import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { InjectOptions } from 'fastify';
import { and, eq } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../test/server/app.ts';
import { bearer, createTenant, type Tenant } from '../../test/server/fixtures.ts';
import { multipart } from '../../test/server/projectFixtures.ts';
import { auditLog, documentation, storedFile } from '../db/schema/index.ts';
import { ensureShippedDocumentation } from '../seed/documentation.ts';
import { renderMarkdownPdf } from '../pdf/markdownPdf.ts';
import { pdfText } from '../../test/server/pdfText.ts';
import { DOCUMENTATION_MESSAGES } from '../../src/api/contract/messages.ts';
import type { DocumentationItem } from '../../src/api/contract/documentation.ts';
import type { UserRow } from '../context.ts';

// Documentation (issue 13 item 6): the list and the PDFs for everyone with the main app, the staff's
// create/edit/delete with the PDF and link checks, the shipped manual and release notes, tenancy, and
// the cookie that lets a plain link (a new tab) open a PDF.

const M = '/api/manager';
let t: TestApp;
let a: Tenant;
let b: Tenant;
let pdfBytes: Buffer;

beforeAll(async () => {
  t = await createTestApp();
  a = await createTenant(t.db, 'docsa');
  b = await createTenant(t.db, 'docsb');
  pdfBytes = await renderMarkdownPdf('# Eigen handleiding\n\nWerkinstructie grondprijzen.\n', { title: 'Werkinstructie grondprijzen', date: t.clock.now() });
});
afterAll(() => t.close());

const call = async (user: UserRow | null, r: InjectOptions) =>
  t.app.inject({ ...r, url: `${M}/${r.url as string}`, headers: { ...r.headers, ...(user ? await bearer(t.app, user) : {}) } });
const list = async (user: UserRow) => {
  const res = await call(user, { method: 'GET', url: 'documentation/' });
  expect(res.statusCode).toBe(200);
  return res.json() as DocumentationItem[];
};
const upload = (fields: Record<string, string>, data: Buffer, filename = 'handleiding.pdf') => {
  const m = multipart(fields, { filename, data, type: 'application/pdf' });
  return { headers: m.headers, payload: m.payload };
};
const YOUTUBE = 'https://www.youtube.com/watch?v=dQw4w9WgXcQ';

describe('the shipped manual and release notes', () => {
  it('every client gets them at start, once; they are PDFs whose text is the manual', async () => {
    expect(await ensureShippedDocumentation(t.db, t.clock.now())).toBe(4); // two documents × two clients
    expect(await ensureShippedDocumentation(t.db, t.clock.now())).toBe(0); // idempotent
    for (const tenant of [a, b]) {
      const items = await list(tenant.vwr);
      const manual = items.find((d) => d.name === 'Handleiding Grondslag')!;
      expect(manual).toMatchObject({ documentation_type: 'manual', shipped: true, video_url: null, pdf_path: `${M}/documentation/${manual.id}/` });
      expect(items.find((d) => d.documentation_type === 'release_note')).toMatchObject({ name: 'Release notes', shipped: true });
      const pdf = await call(tenant.vwr, { method: 'GET', url: `documentation/${manual.id}/` });
      expect(pdf.statusCode).toBe(200);
      expect(pdf.headers['content-type']).toBe('application/pdf');
      expect(pdf.headers['content-disposition']).toBe(`inline; filename="Handleiding Grondslag.pdf"; filename*=UTF-8''Handleiding%20Grondslag.pdf`);
      expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
      expect(pdfText(pdf.rawPayload)).toContain('Handleiding Grondslag');
      expect(pdfText(pdf.rawPayload)).toContain('Sneltoetsen');
    }
  });

  it('a newer shipped file replaces the entry\'s file (name kept as staff left it); a deleted entry comes back', async () => {
    const notes = (await list(a.staff)).find((d) => d.documentation_type === 'release_note')!;
    expect((await call(a.staff, { method: 'PATCH', url: `documentation/${notes.id}/`, payload: { name: 'Wat is er nieuw' } })).statusCode).toBe(200);
    // as if the product shipped another changelog since this file was stored
    await t.db.update(documentation).set({ shippedHash: 'vorige-versie' }).where(eq(documentation.id, notes.id));
    const [before] = await t.db.select().from(documentation).where(eq(documentation.id, notes.id));
    expect(await ensureShippedDocumentation(t.db, t.clock.now())).toBe(1);
    const [after] = await t.db.select().from(documentation).where(eq(documentation.id, notes.id));
    expect(after.fileId).not.toBe(before.fileId);
    expect(after.name).toBe('Wat is er nieuw');
    expect(after.shippedHash).not.toBe('vorige-versie');
    expect(await t.db.select().from(storedFile).where(eq(storedFile.id, before.fileId!))).toEqual([]); // the old file is gone

    const manual = (await list(b.staff)).find((d) => d.name === 'Handleiding Grondslag')!;
    expect((await call(b.staff, { method: 'DELETE', url: `documentation/${manual.id}/` })).statusCode).toBe(204);
    expect(await ensureShippedDocumentation(t.db, t.clock.now())).toBe(1);
    expect((await list(b.vwr)).filter((d) => d.name === 'Handleiding Grondslag')).toHaveLength(1);
  });

  it('the file of a shipped entry cannot be replaced', async () => {
    const manual = (await list(a.staff)).find((d) => d.name === 'Handleiding Grondslag')!;
    const res = await call(a.staff, { method: 'PATCH', url: `documentation/${manual.id}/`, ...upload({}, pdfBytes) });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(DOCUMENTATION_MESSAGES.shippedFile);
  });
});

describe('staff manages entries', () => {
  it('creates a manual from a PDF, which everybody reads back byte for byte', async () => {
    const res = await call(a.staff, { method: 'POST', url: 'documentation/', ...upload({ documentation_type: 'manual', name: 'Werkinstructie grondprijzen', description: 'Hoe de afdeling grondprijzen bepaalt' }, pdfBytes) });
    expect(res.statusCode).toBe(201);
    const item = res.json() as DocumentationItem;
    expect(item).toMatchObject({ name: 'Werkinstructie grondprijzen', description: 'Hoe de afdeling grondprijzen bepaalt', documentation_type: 'manual', shipped: false, video_url: null });
    const pdf = await call(a.usr, { method: 'GET', url: `documentation/${item.id}/` });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.rawPayload.equals(pdfBytes)).toBe(true);
    expect((await list(a.vwr)).map((d) => d.id)).toContain(item.id);
    const [log] = await t.db.select().from(auditLog).where(and(eq(auditLog.clientId, a.clientId), eq(auditLog.description, "Handleiding 'Werkinstructie grondprijzen' toegevoegd aan de documentatie")));
    expect(log).toBeDefined();
  });

  it('refuses a file that is not a PDF, and a missing file, in Dutch', async () => {
    const notPdf = await call(a.staff, { method: 'POST', url: 'documentation/', ...upload({ documentation_type: 'release_note', name: 'Nep' }, Buffer.from('PK\x03\x04 dit is een zip'), 'nep.pdf') });
    expect(notPdf.statusCode).toBe(400);
    expect(notPdf.json()).toMatchObject({ message: DOCUMENTATION_MESSAGES.notPdf, errors: [{ path: 'file', message: DOCUMENTATION_MESSAGES.notPdf }] });
    const missing = await call(a.staff, { method: 'POST', url: 'documentation/', ...upload({ documentation_type: 'manual', name: 'Zonder bestand' }, Buffer.alloc(0)) });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().errors[0].path).toBe('file');
    const noName = await call(a.staff, { method: 'POST', url: 'documentation/', ...upload({ documentation_type: 'manual', name: '  ' }, pdfBytes) });
    expect(noName.statusCode).toBe(400);
    expect(noName.json().message).toBe(DOCUMENTATION_MESSAGES.name);
    const noType = await call(a.staff, { method: 'POST', url: 'documentation/', payload: { name: 'X', documentation_type: 'folder' } });
    expect(noType.statusCode).toBe(400);
    expect((await list(a.vwr)).map((d) => d.name)).not.toContain('Nep');
  });

  it('creates a video from a YouTube or Vimeo link (JSON or multipart); other links are refused in Dutch', async () => {
    const json = await call(a.staff, { method: 'POST', url: 'documentation/', payload: { documentation_type: 'instructional_video', name: 'Een project aanmaken', description: 'Twee minuten', video_url: YOUTUBE } });
    expect(json.statusCode).toBe(201);
    expect(json.json()).toMatchObject({ documentation_type: 'instructional_video', video_url: YOUTUBE, pdf_path: null });
    const form = multipart({ documentation_type: 'instructional_video', name: 'Rapportages', video_url: 'https://vimeo.com/76979871' });
    expect((await call(a.staff, { method: 'POST', url: 'documentation/', headers: form.headers, payload: form.payload })).statusCode).toBe(201);
    for (const bad of ['geen link', 'ftp://youtu.be/dQw4w9WgXcQ', 'https://example.com/video', 'https://www.youtube.com/watch?v=kort']) {
      const res = await call(a.staff, { method: 'POST', url: 'documentation/', payload: { documentation_type: 'instructional_video', name: 'Slecht', video_url: bad } });
      expect(res.statusCode, bad).toBe(400);
      expect(res.json(), bad).toMatchObject({ message: DOCUMENTATION_MESSAGES.videoLink, errors: [{ path: 'video_url' }] });
    }
    const empty = await call(a.staff, { method: 'POST', url: 'documentation/', payload: { documentation_type: 'instructional_video', name: 'Leeg', video_url: '' } });
    expect(empty.json().message).toBe(DOCUMENTATION_MESSAGES.videoUrl);
    // a video has no PDF
    const video = json.json() as DocumentationItem;
    expect((await call(a.vwr, { method: 'GET', url: `documentation/${video.id}/` })).statusCode).toBe(404);
  });

  it('edits name, description, link and the PDF; refuses a link on a manual and a PDF on a video', async () => {
    const video = (await (await call(a.staff, { method: 'POST', url: 'documentation/', payload: { documentation_type: 'instructional_video', name: 'Oud', video_url: YOUTUBE } })).json()) as DocumentationItem;
    const patched = await call(a.staff, { method: 'PATCH', url: `documentation/${video.id}/`, payload: { name: 'Nieuw', description: '', video_url: 'https://youtu.be/a-b_c1D2e3F' } });
    expect(patched.statusCode).toBe(200);
    expect(patched.json()).toMatchObject({ name: 'Nieuw', description: null, video_url: 'https://youtu.be/a-b_c1D2e3F' });
    const badLink = await call(a.staff, { method: 'PATCH', url: `documentation/${video.id}/`, payload: { video_url: 'https://vimeo.com/about' } });
    expect(badLink.statusCode).toBe(400);
    expect(badLink.json().message).toBe(DOCUMENTATION_MESSAGES.videoLink);
    const pdfOnVideo = await call(a.staff, { method: 'PATCH', url: `documentation/${video.id}/`, ...upload({}, pdfBytes) });
    expect(pdfOnVideo.json()).toMatchObject({ message: DOCUMENTATION_MESSAGES.pdfOnly });

    const manual = (await (await call(a.staff, { method: 'POST', url: 'documentation/', ...upload({ documentation_type: 'manual', name: 'Te vervangen' }, pdfBytes) })).json()) as DocumentationItem;
    const [{ fileId: oldFile }] = await t.db.select().from(documentation).where(eq(documentation.id, manual.id));
    const other = await renderMarkdownPdf('# Tweede druk\n', { title: 'Tweede druk', date: t.clock.now() });
    const replaced = await call(a.staff, { method: 'PATCH', url: `documentation/${manual.id}/`, ...upload({ name: 'Vervangen' }, other) });
    expect(replaced.statusCode).toBe(200);
    expect(replaced.json().name).toBe('Vervangen');
    expect((await call(a.usr, { method: 'GET', url: `documentation/${manual.id}/` })).rawPayload.equals(other)).toBe(true);
    expect(await t.db.select().from(storedFile).where(eq(storedFile.id, oldFile!))).toEqual([]);
    const notPdf = await call(a.staff, { method: 'PATCH', url: `documentation/${manual.id}/`, ...upload({}, Buffer.from('hallo')) });
    expect(notPdf.json().message).toBe(DOCUMENTATION_MESSAGES.notPdf);
    const linkOnManual = await call(a.staff, { method: 'PATCH', url: `documentation/${manual.id}/`, payload: { video_url: YOUTUBE } });
    expect(linkOnManual.json()).toMatchObject({ message: DOCUMENTATION_MESSAGES.videoOnly });
  });

  it('deletes an entry with its file', async () => {
    const item = (await (await call(a.staff, { method: 'POST', url: 'documentation/', ...upload({ documentation_type: 'release_note', name: 'Weg' }, pdfBytes) })).json()) as DocumentationItem;
    const [{ fileId }] = await t.db.select().from(documentation).where(eq(documentation.id, item.id));
    expect((await call(a.staff, { method: 'DELETE', url: `documentation/${item.id}/` })).statusCode).toBe(204);
    expect((await list(a.vwr)).map((d) => d.id)).not.toContain(item.id);
    expect((await call(a.vwr, { method: 'GET', url: `documentation/${item.id}/` })).statusCode).toBe(404);
    expect(await t.db.select().from(storedFile).where(eq(storedFile.id, fileId!))).toEqual([]);
  });
});

describe('permissions and tenancy', () => {
  it('only staff writes; an admin, user or reader is refused; NON reads nothing', async () => {
    const target = (await list(a.staff)).find((d) => d.name === 'Handleiding Grondslag')!;
    for (const who of [a.adm, a.usr, a.vwr]) {
      expect((await call(who, { method: 'POST', url: 'documentation/', payload: { documentation_type: 'instructional_video', name: 'X', video_url: YOUTUBE } })).statusCode).toBe(403);
      expect((await call(who, { method: 'PATCH', url: `documentation/${target.id}/`, payload: { name: 'X' } })).statusCode).toBe(403);
      expect((await call(who, { method: 'DELETE', url: `documentation/${target.id}/` })).statusCode).toBe(403);
    }
    expect((await call(a.non, { method: 'GET', url: 'documentation/' })).statusCode).toBe(403);
    expect((await call(a.non, { method: 'GET', url: `documentation/${target.id}/` })).statusCode).toBe(403);
    expect((await call(null, { method: 'GET', url: 'documentation/' })).statusCode).toBe(401);
  });

  it('another client\'s entries are not found, for its readers and its staff alike', async () => {
    const own = await list(a.vwr);
    const theirs = await list(b.vwr);
    expect(theirs.some((d) => own.some((o) => o.id === d.id))).toBe(false);
    const id = own.find((d) => d.pdf_path)!.id;
    expect((await call(b.vwr, { method: 'GET', url: `documentation/${id}/` })).statusCode).toBe(404);
    expect((await call(b.staff, { method: 'PATCH', url: `documentation/${id}/`, payload: { name: 'Overgenomen' } })).statusCode).toBe(404);
    expect((await call(b.staff, { method: 'DELETE', url: `documentation/${id}/` })).statusCode).toBe(404);
    expect((await list(a.vwr)).find((d) => d.id === id)).toEqual(own.find((d) => d.id === id));
  });

  it('the list sets the cookie that opens a PDF through a plain link, and it opens nothing else', async () => {
    const res = await call(a.vwr, { method: 'GET', url: 'documentation/' });
    const cookie = res.cookies.find((c) => c.name === 'grondslag_docs')!;
    expect(cookie).toMatchObject({ path: '/api/manager/documentation/', httpOnly: true, sameSite: 'Strict' });
    const id = (res.json() as DocumentationItem[]).find((d) => d.pdf_path)!.id;
    const viaCookie = (r: InjectOptions, value = cookie.value) => t.app.inject({ ...r, url: `${M}/${r.url as string}`, headers: { cookie: `grondslag_docs=${value}` } });
    const pdf = await viaCookie({ method: 'GET', url: `documentation/${id}/` });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    // not the list, not a write, not another client's PDF, and an access token is no documentation cookie
    expect((await viaCookie({ method: 'GET', url: 'documentation/' })).statusCode).toBe(401);
    expect((await viaCookie({ method: 'DELETE', url: `documentation/${id}/` })).statusCode).toBe(401);
    expect((await viaCookie({ method: 'GET', url: 'project/' })).statusCode).toBe(401);
    const bCookie = (await call(b.vwr, { method: 'GET', url: 'documentation/' })).cookies.find((c) => c.name === 'grondslag_docs')!;
    expect((await viaCookie({ method: 'GET', url: `documentation/${id}/` }, bCookie.value)).statusCode).toBe(404);
    const access = (await bearer(t.app, a.vwr)).authorization.slice(7);
    expect((await viaCookie({ method: 'GET', url: `documentation/${id}/` }, access)).statusCode).toBe(401);
    // it expires: eight hours after the list was loaded
    t.clock.advance(8 * 3600_000 + 1000);
    expect((await viaCookie({ method: 'GET', url: `documentation/${id}/` })).statusCode).toBe(401);
  });
});
