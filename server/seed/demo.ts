import { and, eq, inArray, isNotNull } from 'drizzle-orm';
import type { Db, DbOrTx } from '../db/index.ts';
import type { ModelData } from '../../src/model/modelData.ts';
import {
  appUser, client, model, phase, project, projectRole, savedModel, subregion, templateModel, templateReport, typeProject, userTemplateReport,
  versionModel, versionRegion,
} from '../db/schema/index.ts';
import { readFile, saveFile } from '../storage/files.ts';
import { XLSX_CONTENT_TYPE } from '../storage/xlsx.ts';
import { areaM2 } from '../../src/lib/geo.ts';
import { writeWorkbookInputs } from '../../src/formulas/workbookInputs.ts';
import { rolloverModel } from '../../src/formulas/annual/rollover.ts';
import { DEMO_PORTFOLIO, type DemoProject, bookedUntil, demoModelData, demoOutline } from './demoPortfolio.ts';

const DAY = 24 * 60 * 60 * 1000;
const daysBefore = (at: Date, days: number) => new Date(at.getTime() - days * DAY);

/** The project that holds the spreadsheet model with a history of saved workbooks. */
export const DEMO_SPREADSHEET_PROJECT = 'Stationsgebied';
export const DEMO_SPREADSHEET_MODEL = 'Rekenmodel Excel';
/** The spreadsheet model's saves, oldest first (the last is active): the file's name and the plan's marketable m². */
const SPREADSHEET_HISTORY = [
  { filename: 'Grex Stationsgebied concept.xlsx', days: 120, marketable: null },
  { filename: 'Grex Stationsgebied na inspraak.xlsx', days: 60, marketable: 58_000 },
  { filename: 'Grex Stationsgebied actualisatie.xlsx', days: 14, marketable: 54_000 },
] as const;

interface Reference {
  clientId: number;
  users: { id: number; role: string }[];
  author: number | null;
  typeOf(description: string): number;
  subregionOf(description: string): number;
  phaseOf(description: string): number | null;
  template: { id: number; fileId: number | null } | undefined;
  at: Date;
}

/**
 * `npm run seed -- --demo`: the demo municipality's portfolio (server/seed/demoPortfolio.ts) in the
 * first client: per project its versions, each with an online model and the project's outline on the
 * map, and in the Stationsgebied's current version a spreadsheet model with three saved workbooks.
 * Projects that exist are left alone. The demo users get ADM / USR / VWR on them, like their global
 * roles, and every report template of the client. All times are counted back from `at` (config.now()).
 */
export async function seedDemoProjects(db: Db, at: Date): Promise<number> {
  const [c] = await db.select().from(client).orderBy(client.id).limit(1);
  if (!c) throw new Error('Geen klant in de database; start de server eerst één keer.');
  const users = await db.select({ id: appUser.id, role: appUser.role }).from(appUser)
    .where(and(eq(appUser.clientId, c.id), inArray(appUser.role, ['ADM', 'USR', 'VWR']))).orderBy(appUser.id);
  const types = await db.select().from(typeProject).where(eq(typeProject.clientId, c.id));
  const subs = await db.select().from(subregion).where(eq(subregion.clientId, c.id));
  const phases = await db.select().from(phase).where(eq(phase.clientId, c.id));
  const [template] = await db.select({ id: templateModel.id, fileId: templateModel.fileId }).from(templateModel)
    .where(eq(templateModel.clientId, c.id)).orderBy(templateModel.id).limit(1);
  const ref: Reference = {
    clientId: c.id, users, at, template,
    author: (users.find((u) => u.role === 'ADM') ?? users[0])?.id ?? null,
    typeOf: (d) => (types.find((t) => t.description === d) ?? types.find((t) => t.isDefault) ?? types[0]!).id,
    subregionOf: (d) => (subs.find((s) => s.description === d) ?? subs[0]!).id,
    phaseOf: (d) => phases.find((p) => p.description === d)?.id ?? null,
  };
  let created = 0;
  for (const [i, p] of DEMO_PORTFOLIO.entries()) {
    const exists = await db.select({ id: project.id }).from(project).where(and(eq(project.clientId, c.id), eq(project.name, p.name)));
    if (exists.length) continue;
    // The first project of the list was changed most recently: Projecten opens on it.
    await db.transaction((tx) => addProject(tx, ref, p, DEMO_PORTFOLIO.length - i));
    created++;
  }
  await grantReportTemplates(db, ref);
  return created;
}

async function addProject(tx: DbOrTx, ref: Reference, p: DemoProject, age: number): Promise<void> {
  const by = ref.author;
  const created = daysBefore(ref.at, 400 + age * 30);
  const [row] = await tx.insert(project).values({
    clientId: ref.clientId, name: p.name, number: p.number, organisation: p.organisation, projectmanager: p.projectmanager,
    description: p.description, typeProjectId: ref.typeOf(p.type), subregionId: ref.subregionOf(p.subregion),
    createdAt: created, createdBy: by, timestampLastModified: daysBefore(ref.at, age), lastModifiedBy: by,
  }).returning({ id: project.id });
  if (ref.users.length) await tx.insert(projectRole).values(ref.users.map((u) => ({ projectId: row!.id, userId: u.id, role: u.role as 'ADM' })));
  const outline = demoOutline(p);
  const models: number[] = [];
  for (const [j, v] of p.versions.entries()) {
    // Older versions were last changed a year apart; the current one `age` days ago.
    const changed = daysBefore(ref.at, age + (p.versions.length - 1 - j) * 365);
    const adopted = v.adoptedDaysAfter == null ? null : adoption(ref, daysBefore(changed, -v.adoptedDaysAfter));
    const version = await addVersion(tx, ref, row!.id, v.name, v.phase, changed, outline, adopted);
    models.push(await addOnlineModel(tx, ref, version, demoModelData(p, v, 'Grondexploitatie'), changed, adopted !== null));
    const current = j === p.versions.length - 1;
    if (current && p.name === DEMO_SPREADSHEET_PROJECT) await addSpreadsheetModel(tx, ref, version);
  }
  if (p.rollover) await addRollover(tx, ref, row!.id, p, models[0]!, outline, daysBefore(ref.at, age));
}

type Outline = ReturnType<typeof demoOutline>;

/** The vastgesteld columns of a version adopted at `at` (never after the reference date: the council cannot decide ahead). */
function adoption(ref: Reference, at: Date) {
  const when = at > ref.at ? ref.at : at;
  return { adoptedOn: when.toISOString().slice(0, 10), adoptedNote: 'Vastgesteld bij de jaarrekening.', adoptedBy: ref.author, adoptedAt: when };
}

async function addVersion(
  tx: DbOrTx, ref: Reference, projectId: number, name: string, phaseName: string, changed: Date, outline: Outline, adopted: ReturnType<typeof adoption> | null,
): Promise<number> {
  const by = ref.author;
  const stamps = { createdAt: changed, createdBy: by, timestampLastModified: changed, lastModifiedBy: by };
  const [version] = await tx.insert(versionModel).values({ projectId, name, phaseId: ref.phaseOf(phaseName), ...stamps, ...adopted })
    .returning({ id: versionModel.id });
  await tx.insert(versionRegion).values({ versionId: version!.id, geometry: outline, areaM2: areaM2(outline), updatedAt: changed, updatedBy: by });
  return version!.id;
}

async function addOnlineModel(
  tx: DbOrTx, ref: Reference, versionId: number, modelData: ModelData, changed: Date, frozen: boolean, rolledOverFromModelId?: number,
): Promise<number> {
  const by = ref.author;
  const [m] = await tx.insert(model).values({
    versionId, name: 'Grondexploitatie', modelPlatform: 'online', modelData, frozen, rolledOverFromModelId,
    createdAt: changed, createdBy: by, timestampLastModified: changed, lastModifiedBy: by,
  }).returning({ id: model.id });
  return m!.id;
}

/** Issue 37 item 7: the first version's model, its past booked, rolled over into a new vastgestelde version. */
async function addRollover(tx: DbOrTx, ref: Reference, projectId: number, p: DemoProject, fromModelId: number, outline: Outline, changed: Date) {
  const r = p.rollover!;
  const booked = bookedUntil(demoModelData(p, p.versions[0]!, 'Grondexploitatie'), p, r.year, r.overrun);
  const rolled = rolloverModel(booked, r.year).model;
  rolled.base_parameters.project_info.version_name = r.name;
  const adopted = adoption(ref, changed);
  const version = await addVersion(tx, ref, projectId, r.name, p.versions[0]!.phase, changed, outline, adopted);
  await addOnlineModel(tx, ref, version, rolled, changed, true, fromModelId);
}

/**
 * A spreadsheet model started from the client's template and saved twice since: the marketable area
 * written into the workbook's space-usage cell, as a modeller who took it over from the map would.
 */
async function addSpreadsheetModel(tx: DbOrTx, ref: Reference, versionId: number): Promise<void> {
  if (!ref.template?.fileId) return;
  const file = await readFile(tx, ref.clientId, ref.template.fileId);
  if (!file) return;
  const last = SPREADSHEET_HISTORY.at(-1)!;
  const stamps = { createdBy: ref.author, lastModifiedBy: ref.author, createdAt: daysBefore(ref.at, SPREADSHEET_HISTORY[0].days), timestampLastModified: daysBefore(ref.at, last.days) };
  const [m] = await tx.insert(model).values({
    versionId, name: DEMO_SPREADSHEET_MODEL, modelPlatform: 'spreadsheet', typeModelId: ref.template.id,
    description: 'Het rekenmodel van de afdeling Financiën, in Excel bijgehouden.', ...stamps,
  }).returning({ id: model.id });
  for (const h of SPREADSHEET_HISTORY) {
    const at = daysBefore(ref.at, h.days);
    const data = h.marketable === null ? file.data
      : (await writeWorkbookInputs(file.data, { parameters: [], spaceUsage: { net_area_marketable_residential: h.marketable } })).xlsx;
    const saved = await saveFile(tx, { clientId: ref.clientId, filename: h.filename, contentType: XLSX_CONTENT_TYPE, data, at });
    await tx.insert(savedModel).values({
      modelId: m!.id, active: h === last, fileId: saved.id, filenameOrig: h.filename, filesize: data.byteLength, timestampSave: at, userSave: ref.author,
    });
  }
}

/** The demo users may run every report template of the client (its shipped ones), also when they were added later. */
async function grantReportTemplates(db: Db, ref: Reference): Promise<void> {
  const templates = await db.select({ id: templateReport.id }).from(templateReport)
    .where(and(eq(templateReport.clientId, ref.clientId), isNotNull(templateReport.fileId)));
  const grants = ref.users.flatMap((u) => templates.map((t) => ({ userId: u.id, templateReportId: t.id })));
  if (grants.length) await db.insert(userTemplateReport).values(grants).onConflictDoNothing();
}
