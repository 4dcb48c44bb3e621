import { useState } from 'react';
import { observer } from 'mobx-react-lite';
import { Button, HTMLTable, Spinner } from '@blueprintjs/core';
import { PageHeader } from '../../app/PageHeader.tsx';
import { useResource } from '../../app/resource.ts';
import { logsApi } from '../../api/logs.ts';
import { formatDate, formatTime } from '../../lib/format.ts';

/** Logs (spec 1 §2): paged audit log, 50 rows a page, starting at page 1. */
const LogsScreen = observer(function LogsScreen() {
  const [page, setPage] = useState(1);
  const logs = useResource('Fout bij het laden van de logs.', () => logsApi.page(page), [page]);
  const { value: data, loading } = logs;

  const pages = Math.max(1, data?.pages ?? 1);
  return (
    <>
      <PageHeader crumbs={[{ text: 'Logs' }]} />
      <div className="gs-content">
        <section aria-label="Logs">
          <div style={{ display: 'flex', alignItems: 'center', gap: 8, marginBottom: 8 }}>
            <Button icon="chevron-left" text="Vorige" disabled={loading || page <= 1} onClick={() => setPage((p) => Math.max(1, p - 1))} />
            <span>Pagina {page} van {pages}</span>
            <Button endIcon="chevron-right" text="Volgende" disabled={loading || page >= pages} onClick={() => setPage((p) => Math.min(pages, p + 1))} />
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
        </section>
      </div>
    </>
  );
});
export default LogsScreen;
