import { observer } from 'mobx-react-lite';
import { Button, Checkbox, HTMLSelect, InputGroup } from '@blueprintjs/core';
import type { Subregion, TypeProject } from '../../api/referenceData.ts';
import { SORT_OPTIONS, type ProjectListFilter, type ProjectSort } from './projectList.ts';
import './shared.css';

/**
 * The search box (placeholder Projectnaam; Enter or 'Zoek'), the project-type and subregion filters,
 * 'verborgen' and the sort dropdown above a project list (spec 1 §2 Projects and Reports).
 */
export const ProjectFilterBar = observer(function ProjectFilterBar({ filter, typeProjects, subregions, children }: {
  filter: ProjectListFilter; typeProjects: TypeProject[]; subregions: Subregion[]; children?: React.ReactNode;
}) {
  return (
    <div className="gs-toolbar">
      <form
        className="gs-search"
        role="search"
        onSubmit={(e) => {
          e.preventDefault();
          filter.applySearch();
        }}
      >
        <InputGroup
          leftIcon="search"
          placeholder="Projectnaam"
          aria-label="Projectnaam"
          value={filter.searchInput}
          onValueChange={(v) => filter.setSearchInput(v)}
        />
        <Button type="submit" text="Zoek" />
      </form>
      <HTMLSelect aria-label="Filter op projecttype" value={filter.typeFilter} onChange={(e) => filter.setFilter('typeFilter', Number(e.currentTarget.value))}>
        <option value={0}>Alle projecttypen</option>
        {typeProjects.map((t) => <option key={t.id} value={t.id}>{t.description}</option>)}
      </HTMLSelect>
      <HTMLSelect aria-label="Filter op deelgebied" value={filter.subregionFilter} onChange={(e) => filter.setFilter('subregionFilter', Number(e.currentTarget.value))}>
        <option value={0}>Alle deelgebieden</option>
        {subregions.map((s) => <option key={s.id} value={s.id}>{s.description}</option>)}
      </HTMLSelect>
      <Checkbox label="verborgen" checked={filter.showHidden} onChange={(e) => filter.setFilter('showHidden', e.currentTarget.checked)} className="gs-inline-check" />
      <HTMLSelect aria-label="Sorteren" value={filter.sort} onChange={(e) => filter.setSort(e.currentTarget.value as ProjectSort)}>
        {SORT_OPTIONS.map((o) => <option key={o.value} value={o.value}>{o.label}</option>)}
      </HTMLSelect>
      {children}
    </div>
  );
});
