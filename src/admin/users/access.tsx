import { Checkbox, HTMLSelect, HTMLTable, NonIdealState } from '@blueprintjs/core';
import type { Role } from '../../api/users.ts';
import { PERMISSION_LABELS, ROLE_LABELS, roleOptions } from '../../api/contract/roles.ts';

/** Roles with their labels (spec 2 §6). */
export const ROLE_OPTIONS = roleOptions(ROLE_LABELS);
/** Per-project roles use the permission labels (spec 2 §6). */
const PROJECT_ROLE_OPTIONS = roleOptions(PERMISSION_LABELS);
export const roleLabel = (role: string) => ROLE_OPTIONS.find((r) => r.value === role)?.label ?? (role === 'EXT' ? 'Externe' : role);

const dateTime = new Intl.DateTimeFormat('nl-NL', { dateStyle: 'short', timeStyle: 'short', timeZone: 'Europe/Amsterdam' });
export const formatLastLogin = (iso: string | null) => (iso ? dateTime.format(new Date(iso)) : 'Nooit');

export interface CheckRow {
  id: number;
  label: string;
  checked: boolean;
}

/** A list of checkboxes (subregion access, report-template authorisation). */
export function AccessChecklist({ rows, onChange, disabled, empty }: {
  rows: CheckRow[];
  onChange: (id: number, checked: boolean) => void;
  disabled?: boolean;
  empty: string;
}) {
  if (!rows.length) return <p className="gs-muted">{empty}</p>;
  return (
    <div className="gs-checklist">
      {rows.map((r) => (
        <Checkbox key={r.id} label={r.label} checked={r.checked} disabled={disabled} onChange={(e) => onChange(r.id, e.currentTarget.checked)} />
      ))}
    </div>
  );
}

export interface ProjectRoleRow {
  projectId: number;
  projectName: string;
  role: Role;
}

/**
 * Project rights (spec 2 §4): the all-projects selector sets every project's role; changing one
 * project's role clears the selector.
 */
export function ProjectRights({ rows, all, onAll, onChange, disabled }: {
  rows: ProjectRoleRow[];
  all: Role | '';
  onAll: (role: Role | '') => void;
  onChange: (projectId: number, role: Role) => void;
  disabled?: boolean;
}) {
  if (!rows.length) return <NonIdealState icon="projects" description="Er zijn nog geen projecten." />;
  return (
    <>
      <label className="bp6-label bp6-inline">
        Toepassen op alle projecten{' '}
        <HTMLSelect aria-label="Rol voor alle projecten" value={all} disabled={disabled}
          onChange={(e) => onAll(e.currentTarget.value as Role | '')}
          options={[{ value: '', label: '—' }, ...PROJECT_ROLE_OPTIONS]} />
      </label>
      <HTMLTable compact striped className="gs-table">
        <thead><tr><th>Project</th><th>Rechten</th></tr></thead>
        <tbody>
          {rows.map((r) => (
            <tr key={r.projectId}>
              <td>{r.projectName}</td>
              <td>
                <HTMLSelect aria-label={`Rol voor ${r.projectName}`} value={r.role} disabled={disabled}
                  onChange={(e) => onChange(r.projectId, e.currentTarget.value as Role)} options={PROJECT_ROLE_OPTIONS} />
              </td>
            </tr>
          ))}
        </tbody>
      </HTMLTable>
    </>
  );
}
