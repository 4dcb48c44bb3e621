import '../admin.css';
import { useState, type FormEvent } from 'react';
import { observer } from 'mobx-react-lite';
import { Alert, Button, Card, Checkbox, Spinner, Tag } from '@blueprintjs/core';
import { useRoot } from '../../app/RootStore.ts';
import { PageHeader } from '../../app/PageHeader.tsx';
import { useResource } from '../../app/resource.ts';
import { useSubmission } from '../../app/submission.ts';
import { isStatus, messageOf } from '../../api/http.ts';
import { EMAIL_IN_USE, invitationNotSent, USER_DELETED, USER_EMAIL_PATTERN, usersApi, type AdminUser, type Role } from '../../api/users.ts';
import { AccessChecklist, formatLastLogin, ProjectRights, type CheckRow, type ProjectRoleRow } from './access.tsx';
import { InvitationLink } from './InvitationLink.tsx';
import { UserFields, type UserFieldValues } from './UserFields.tsx';
import { changedFields, changedRows } from './changes.ts';

const SAVED = 'Opslaan gelukt!';

/** Edit user (spec 2 §2, §4): details, MFA, block, delete, password reset, and the three grant lists. */
const EditUserScreen = observer(function EditUserScreen() {
  const { screen, toasts } = useRoot();
  const userId = Number(screen.params.id);
  const [user, setUser] = useState<AdminUser | null>(null);
  const [fields, setFields] = useState<UserFieldValues | null>(null);
  const [mfaForced, setMfaForced] = useState(false);
  const submission = useSubmission();
  const busy = submission.busy;
  const [confirmDelete, setConfirmDelete] = useState(false);
  /** The e-mail address the server said is in use: its field stays marked while it holds that address. */
  const [emailTaken, setEmailTaken] = useState<string | null>(null);
  /** The invitation link to pass on, when 'Opnieuw uitnodigen' could not mail it (no mail server). */
  const [invitationLink, setInvitationLink] = useState<string | null>(null);

  const show = (u: AdminUser) => {
    setUser(u);
    setFields({ firstName: u.firstName, lastName: u.lastName, email: u.email, role: u.role });
    setMfaForced(u.mfaForced);
  };
  useResource<AdminUser>('Fout bij het laden van de gebruiker.', () => usersApi.get(userId), [userId], show);

  const save = (e: FormEvent) => {
    e.preventDefault();
    if (!fields) return;
    const f = { ...fields, firstName: fields.firstName.trim(), lastName: fields.lastName.trim(), email: fields.email.trim() };
    if (!f.firstName || !f.lastName || !f.email) return void toasts.error('Niet alle vereiste velden zijn ingevuld.');
    if (!USER_EMAIL_PATTERN.test(f.email)) return void toasts.error('E-mailadres is niet geldig');
    void submission.run(async () => {
      try {
        // Only what was changed here: a field changed by someone else since the screen loaded stays as it is.
        const loaded = { firstName: user!.firstName, lastName: user!.lastName, email: user!.email, role: user!.role, mfaForced: user!.mfaForced };
        show(await usersApi.update(userId, changedFields(loaded, { ...f, mfaForced })));
      } catch (err) {
        if (isStatus(err, 409)) setEmailTaken(f.email);
        throw err;
      }
    }, {
      success: 'Wijzigingen opgeslagen',
      failure: (err) => (isStatus(err, 409) ? EMAIL_IN_USE : messageOf(err, 'Er ging iets mis tijdens het opslaan.')),
    });
  };
  const toggleBlocked = () => void submission.run(async () => {
    const { blocked } = await usersApi.setBlocked(userId, !user!.blocked);
    setUser((u) => (u ? { ...u, blocked } : u));
    return blocked;
  }, {
    success: (blocked) => (blocked ? 'Gebruiker geblokkeerd.' : 'Gebruiker gedeblokkeerd.'),
    failure: user?.blocked ? 'Fout bij het deblokkeren van de gebruiker.' : 'Fout bij het blokkeren van de gebruiker.',
  });
  const remove = () => {
    setConfirmDelete(false);
    void submission.run(async () => {
      // The answer also says what went with the user (BI links, projects left without Beheren).
      const { message } = await usersApi.remove(userId);
      screen.navigate('UserList');
      return message;
    }, { success: (message) => message || USER_DELETED, failure: 'Fout bij het verwijderen van de gebruiker.' });
  };
  const reinvite = () => void submission.run(async () => {
    const answer = await usersApi.reinvite(userId);
    setInvitationLink(answer.invitationLink ?? null);
    return answer;
  }, {
    // Without a mail server the server's message says so, and the link is shown below the buttons.
    success: (answer) => (answer.invitationLink ? answer.message
      : `Er is een nieuwe uitnodiging verstuurd naar ${user!.email}. De vorige link werkt niet meer.`),
    // The mail could not be sent: the server says so, and that nothing changed.
    failure: (e) => invitationNotSent(e)?.message ?? messageOf(e, 'Fout bij het versturen van de uitnodiging.'),
  });
  const resetMfa = () => void submission.run(async () => show(await usersApi.resetMfa(userId)),
    { success: 'Multi-Factor Authenticatie (MFA) gereset.', failure: 'Fout bij het resetten van Multi-Factor Authenticatie (MFA).' });

  const name = user ? `${user.firstName} ${user.lastName}` : '';
  return (
    <>
      <PageHeader crumbs={[{ text: 'Gebruikers', screen: 'UserList' }, { text: name || 'Gebruiker' }]} />
      <div className="gs-content">
        {!user || !fields ? <Spinner /> : (
          <div className="gs-stack">
            <Card className="gs-form" role="region" aria-label="Gegevens">
              <h3>Gegevens</h3>
              <form onSubmit={save} aria-label="Gebruiker wijzigen">
                <UserFields idPrefix="edit-user" value={fields} onChange={setFields} disabled={busy}
                  emailError={emailTaken !== null && fields.email.trim() === emailTaken ? EMAIL_IN_USE : null} />
                <Checkbox label="Forceer MFA" checked={mfaForced} disabled={busy} onChange={(e) => setMfaForced(e.currentTarget.checked)} />
                <dl className="gs-facts">
                  <dt>MFA</dt>
                  <dd>
                    <Tag intent={user.mfaVerified ? 'success' : 'none'}>{user.mfaVerified ? 'Ingeschakeld' : 'Uitgeschakeld'}</Tag>
                    {user.mfaVerified && <Button size="small" text="MFA resetten" onClick={resetMfa} disabled={busy} style={{ marginLeft: 8 }} />}
                  </dd>
                  <dt>Laatst online</dt>
                  <dd>{formatLastLogin(user.lastLogin)}</dd>
                  <dt>Geblokkeerd</dt>
                  <dd>{user.blocked ? 'Ja' : 'Nee'}</dd>
                </dl>
                <div className="gs-actions gs-wrap">
                  <Button type="submit" intent="primary" text="Wijzigingen opslaan" loading={busy} />
                  <Button intent={user.blocked ? 'none' : 'warning'} text={user.blocked ? 'Gebruiker deblokkeren' : 'Gebruiker blokkeren'} onClick={toggleBlocked} disabled={busy} />
                  <Button intent="danger" text="Gebruiker verwijderen" onClick={() => setConfirmDelete(true)} disabled={busy} />
                  <Button text="Wachtwoord resetten" onClick={() => screen.navigate('ResetPasswordUser', { id: userId })} disabled={busy} />
                  <Button icon="envelope" text="Opnieuw uitnodigen" onClick={reinvite} disabled={busy} />
                  <Button text="Annuleren" onClick={() => screen.navigate('UserList')} disabled={busy} />
                </div>
                {invitationLink && <InvitationLink email={user.email} link={invitationLink} />}
              </form>
            </Card>
            <SubregionSection userId={userId} />
            <ReportSection userId={userId} />
            <ProjectSection userId={userId} />
          </div>
        )}
      </div>
      <Alert isOpen={confirmDelete} intent="danger" icon="trash" confirmButtonText="Verwijderen" cancelButtonText="Annuleren"
        onConfirm={remove} onCancel={() => setConfirmDelete(false)}>
        <p>Weet u zeker dat u gebruiker {name} wilt verwijderen?</p>
      </Alert>
    </>
  );
});
export default EditUserScreen;

/**
 * One grant list with its own save button; a list that did not load shows as empty. A save sends only the
 * rows changed since the list was loaded (or last saved): a grant someone else changed meanwhile on
 * another row is not put back. A failed save keeps the rows as edited.
 */
function useSection<T extends object>(load: () => Promise<T[]>, loadError: string, key: (row: T) => number) {
  const loaded = useResource<T[]>(loadError, load);
  const [saved, setSaved] = useState<T[] | null>(null);
  const base = saved ?? loaded.value ?? (loaded.failed ? [] : null);
  const [edited, setEdited] = useState<T[] | null>(null);
  const rows = edited ?? base;
  const setRows = (change: (rows: T[]) => T[]) => setEdited(change(rows ?? []));
  const submission = useSubmission();
  const save = (f: (changed: T[]) => Promise<T[]>, saveError: string) =>
    submission.run(async () => {
      setSaved(await f(changedRows(base ?? [], rows ?? [], key)));
      setEdited(null);
    }, { success: SAVED, failure: () => saveError });
  return { rows, setRows, busy: submission.busy, save };
}

const SubregionSection = observer(function SubregionSection({ userId }: { userId: number }) {
  const s = useSection(() => usersApi.subregions(userId), 'Fout bij het laden van de deelgebieden van de gebruiker.', (r) => r.subregionId);
  const rows: CheckRow[] = (s.rows ?? []).map((r) => ({ id: r.subregionId, label: r.subregionDescription, checked: r.access }));
  return (
    <Card className="gs-form" role="region" aria-label="Deelgebieden">
      <h3>Deelgebieden</h3>
      {!s.rows ? <Spinner size={20} /> : (
        <>
          <AccessChecklist rows={rows} disabled={s.busy} empty="Er zijn geen deelgebieden."
            onChange={(id, checked) => s.setRows((all) => all.map((r) => (r.subregionId === id ? { ...r, access: checked } : r)))} />
          <Button text="Opslaan" intent="primary" loading={s.busy}
            onClick={() => void s.save((changed) => usersApi.setSubregions(userId, changed.map((r) => ({ subregionId: r.subregionId, access: r.access }))),
              'Fout bij het opslaan van de deelgebieden.')} />
        </>
      )}
    </Card>
  );
});

const ReportSection = observer(function ReportSection({ userId }: { userId: number }) {
  const s = useSection(() => usersApi.templateReports(userId), 'Fout bij het laden van de rapportage sjablonen van de gebruiker.', (r) => r.templateReportId);
  const rows: CheckRow[] = (s.rows ?? []).map((r) => ({ id: r.templateReportId, label: r.templateReportName, checked: r.access }));
  return (
    <Card className="gs-form" role="region" aria-label="Rapportages">
      <h3>Rapportages</h3>
      {!s.rows ? <Spinner size={20} /> : (
        <>
          <AccessChecklist rows={rows} disabled={s.busy} empty="Er zijn geen rapportage sjablonen."
            onChange={(id, checked) => s.setRows((all) => all.map((r) => (r.templateReportId === id ? { ...r, access: checked } : r)))} />
          <Button text="Opslaan" intent="primary" loading={s.busy}
            onClick={() => void s.save((changed) => usersApi.setTemplateReports(userId, changed.map((r) => ({ templateReportId: r.templateReportId, access: r.access }))),
              'Fout bij het opslaan van de rapportage sjablonen.')} />
        </>
      )}
    </Card>
  );
});

const ProjectSection = observer(function ProjectSection({ userId }: { userId: number }) {
  const s = useSection(() => usersApi.projectRoles(userId), 'Fout bij het laden van de projectrechten van de gebruiker.', (r) => r.projectId);
  const [all, setAll] = useState<Role | ''>('');
  const rows: ProjectRoleRow[] = (s.rows ?? []).map((r) => ({ projectId: r.projectId, projectName: r.projectName, role: r.role }));
  return (
    <Card className="gs-form" role="region" aria-label="Projectrechten">
      <h3>Projectrechten</h3>
      {!s.rows ? <Spinner size={20} /> : (
        <>
          <ProjectRights rows={rows} all={all} disabled={s.busy}
            onAll={(role) => {
              setAll(role);
              if (role) s.setRows((list) => list.map((r) => ({ ...r, role })));
            }}
            onChange={(projectId, role) => {
              setAll('');
              s.setRows((list) => list.map((r) => (r.projectId === projectId ? { ...r, role } : r)));
            }} />
          {rows.length > 0 && (
            <Button text="Opslaan" intent="primary" loading={s.busy}
              onClick={() => void s.save((changed) => usersApi.setProjectRoles(userId, changed.map((r) => ({ projectId: r.projectId, role: r.role }))),
                'Fout bij het opslaan van de projectrechten.')} />
          )}
        </>
      )}
    </Card>
  );
});
