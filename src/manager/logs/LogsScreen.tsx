import { useState } from 'react';
import { observer } from 'mobx-react-lite';
import { Button, FormGroup, HTMLSelect, HTMLTable, InputGroup, Spinner } from '@blueprintjs/core';
import { PageHeader } from '../../app/PageHeader.tsx';
import { useResource } from '../../app/resource.ts';
import { logsApi } from '../../api/logs.ts';
import { usersApi } from '../../api/users.ts';
import { formatDate, formatTime } from '../../lib/format.ts';
import { LogsStore } from './LogsStore.ts';

const ALL_USERS = '';

/** Logs (spec 1 §2): paged audit log, 50 rows a page, starting at page 1; filtered by user, text and dates (issue 35.9). */
const LogsScreen = observer(function LogsScreen() {
  const [store] = useState(() => new LogsStore());
  const { request } = store;
  // While a filter is invalid the table keeps its rows; the field says why.
  const key = JSON.stringify(request);
  const logs = useResource('Fout bij het laden van de logs.', request ? () => logsApi.page(request.page, request.filter) : undefined, [key]);
  const users = useResource('Fout bij het laden van de gebruikers.', () => usersApi.list(), []);
  const { value: data, loading } = logs;

  const pages = Math.max(1, data?.pages ?? 1);
  const page = store.page;
  const userOptions = [{ value: ALL_USERS, label: 'Alle gebruikers' }, ...(users.value ?? [])
    .map((u) => ({ value: String(u.id), label: `${u.firstName} ${u.lastName}`.trim() || u.email }))
    .sort((x, y) => x.label.localeCompare(y.label, 'nl'))];
  return (
    <>
      <PageHeader crumbs={[{ text: 'Logs' }]} />
      <div className="gs-content">
        <section aria-label="Logs">
          <div role="search" aria-label="Filter" style={{ display: 'flex', flexWrap: 'wrap', alignItems: 'flex-start', gap: 12 }}>
            <FormGroup label="Gebruiker" labelFor="log-user">
              <HTMLSelect id="log-user" options={userOptions} value={store.userId === null ? ALL_USERS : String(store.userId)}
                onChange={(e) => store.setUser(e.currentTarget.value === ALL_USERS ? null : Number(e.currentTarget.value))} />
            </FormGroup>
            <FormGroup label="Actie bevat" labelFor="log-text">
              <InputGroup id="log-text" type="search" value={store.text} maxLength={200} onValueChange={(v) => store.setText(v)} />
            </FormGroup>
            <DateField id="log-from" label="Vanaf" value={store.fromText} error={store.fromError} onChange={(v) => store.setFrom(v)} />
            <DateField id="log-to" label="Tot en met" value={store.toText} error={store.toError} onChange={(v) => store.setTo(v)} />
          </div>
          <div style={{ display: 'flex', alignItems: 'center', gap: 8, marginBottom: 8 }}>
            <Button icon="chevron-left" text="Vorige" disabled={loading || page <= 1} onClick={() => store.setPage(page - 1)} />
            <span>Pagina {page} van {pages}</span>
            <Button endIcon="chevron-right" text="Volgende" disabled={loading || page >= pages} onClick={() => store.setPage(Math.min(pages, page + 1))} />
            {loading && <Spinner size={16} />}
          </div>
          <HTMLTable compact striped style={{ width: '100%' }}>
            <thead><tr><th>Datum + Tijd</th><th>Gebruiker</th><th>Actie</th><th>IP-adres</th></tr></thead>
            <tbody>
              {(data?.logRows ?? []).map((r) => (
                <tr key={r.id}>
                  <td>{formatDate(r.timestamp)} {formatTime(r.timestamp)}</td>
                  <td>{r.userNameFull}</td>
                  <td>{r.description}</td>
                  <td>{r.ipaddress}</td>
                </tr>
              ))}
            </tbody>
          </HTMLTable>
          {data && !data.logRows.length && <p>Geen logregels gevonden.</p>}
        </section>
      </div>
    </>
  );
});
export default LogsScreen;

/** A date typed as dd-mm-jjjj, with its problem under it. */
function DateField(props: { id: string; label: string; value: string; error: string | null; onChange: (text: string) => void }) {
  return (
    <FormGroup label={props.label} labelFor={props.id} helperText={props.error ?? undefined} intent={props.error ? 'danger' : 'none'}>
      <InputGroup id={props.id} placeholder="dd-mm-jjjj" value={props.value} intent={props.error ? 'danger' : 'none'}
        onValueChange={props.onChange} />
    </FormGroup>
  );
}
