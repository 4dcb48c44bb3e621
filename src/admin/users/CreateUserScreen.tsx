import '../admin.css';
import { useEffect, useState, type FormEvent } from 'react';
import { observer } from 'mobx-react-lite';
import { Button, Card, Radio, RadioGroup } from '@blueprintjs/core';
import { useRoot } from '../../app/RootStore.ts';
import { firstErrorOnly } from '../../app/resource.ts';
import { PageHeader } from '../../app/PageHeader.tsx';
import { useSubmission } from '../../app/submission.ts';
import { isStatus } from '../../api/http.ts';
import { EMAIL_IN_USE, invitationNotSent, USER_EMAIL_PATTERN, usersApi, type Role } from '../../api/users.ts';
import { isPasswordAcceptable } from '../../lib/passwordPolicy.ts';
import { NO_ROLE } from '../../api/contract/roles.ts';
import { NewPasswordFields } from '../common/NewPasswordFields.tsx';
import { AccessChecklist, ProjectRights, type CheckRow, type ProjectRoleRow } from './access.tsx';
import { InvitationLink } from './InvitationLink.tsx';
import { UserFields, type UserFieldValues } from './UserFields.tsx';

/** A user created without a mail server: the link to pass on (it is not shown again), then on to the user or the list. */
function CreatedWithLink({ invited }: { invited: { id: number; email: string; link: string } }) {
  const { screen } = useRoot();
  return (
    <div className="gs-stack">
      <InvitationLink email={invited.email} link={invited.link} />
      <div className="gs-actions">
        <Button intent="primary" text="Naar de gebruiker" onClick={() => screen.navigate('EditUser', { id: invited.id })} />
        <Button text="Naar gebruikers" onClick={() => screen.navigate('UserList')} />
      </div>
    </div>
  );
}

/**
 * Create user (spec 2 §2, §4, §5): create, then the three follow-up assignments (subregions,
 * report templates, project roles), then the user list.
 */
const CreateUserScreen = observer(function CreateUserScreen() {
  const { auth, screen, toasts } = useRoot();
  const [fields, setFields] = useState<UserFieldValues>({ firstName: '', lastName: '', email: '', role: 'USR' });
  /** Issue 25.1: an invitation mail by default; a temporary password for clients without mail. */
  const [byInvitation, setByInvitation] = useState(true);
  const [password, setPassword] = useState('');
  const [repeat, setRepeat] = useState('');
  const [subregions, setSubregions] = useState<CheckRow[]>([]);
  const [reports, setReports] = useState<CheckRow[]>([]);
  const [projects, setProjects] = useState<ProjectRoleRow[]>([]);
  const [all, setAll] = useState<Role | ''>('');
  const submission = useSubmission();
  const busy = submission.busy;
  /** The e-mail address the server said is in use: its field stays marked while it holds that address. */
  const [emailTaken, setEmailTaken] = useState<string | null>(null);
  /** A user created without a mail server: the screen stays to show the invitation link to pass on. */
  const [invited, setInvited] = useState<{ id: number; email: string; link: string } | null>(null);

  useEffect(() => {
    const self = auth.user?.id;
    if (!self) return;
    const loadErrors = firstErrorOnly(toasts);
    // The caller's own rows list every subregion and project of the client.
    usersApi.subregions(self).then(
      (rows) => setSubregions(rows.map((r) => ({ id: r.subregionId, label: r.subregionDescription, checked: false }))),
      () => loadErrors.error('Fout bij het laden van de deelgebieden.'),
    );
    usersApi.allTemplateReports('authorised').then(
      (rows) => setReports(rows.map((r) => ({ id: r.id, label: r.name, checked: false }))),
      () => loadErrors.error('Fout bij het laden van de rapportage sjablonen.'),
    );
    usersApi.projectRoles(self).then(
      (rows) => setProjects(rows.map((r) => ({ projectId: r.projectId, projectName: r.projectName, role: NO_ROLE }))),
      () => loadErrors.error('Fout bij het laden van de projecten.'),
    );
  }, [auth.user?.id, toasts]);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const f = { ...fields, firstName: fields.firstName.trim(), lastName: fields.lastName.trim(), email: fields.email.trim() };
    if (!f.firstName || !f.lastName || !f.email || (!byInvitation && (!password || !repeat))) return void toasts.error('Niet alle vereiste velden zijn ingevuld.');
    if (!USER_EMAIL_PATTERN.test(f.email)) return void toasts.error('Ongeldig e-mailadres.');
    if (!byInvitation && password !== repeat) return void toasts.error('Wachtwoorden komen niet overeen');
    if (!byInvitation && !isPasswordAcceptable(password)) return void toasts.error('Wachtwoord voldoet niet aan de eisen');
    // The success toast only when the user and all that was chosen were saved; a partial result warns instead.
    await submission.run(async () => {
      let created: Awaited<ReturnType<typeof usersApi.create>>;
      /** The server's message when the user was created but the invitation mail could not be sent. */
      let notSent: string | null = null;
      try {
        created = await usersApi.create(byInvitation ? f : { ...f, password });
      } catch (err) {
        const unsent = invitationNotSent(err);
        if (!unsent?.user) {
          if (isStatus(err, 409)) setEmailTaken(f.email);
          throw err;
        }
        // The user exists: grant what was chosen, then open the user, where 'Opnieuw uitnodigen' is.
        created = unsent.user;
        notSent = unsent.message;
      }
      const steps: [string, () => Promise<unknown>][] = [
        ['Deelgebieden', () => usersApi.setSubregions(created.id, subregions.map((r) => ({ subregionId: r.id, access: r.checked })))],
        ['Rapportage sjablonen', () => usersApi.setTemplateReports(created.id, reports.map((r) => ({ templateReportId: r.id, access: r.checked })))],
        ['Projecten', () => usersApi.setProjectRoles(created.id, projects.filter((p) => p.role !== NO_ROLE).map((p) => ({ projectId: p.projectId, role: p.role })))],
      ];
      let failed = false;
      for (const [what, step] of steps) {
        try {
          await step();
        } catch {
          failed = true;
          toasts.warning(`Gebruiker aangemaakt. ${what} toekennen mislukt`);
        }
      }
      if (notSent) {
        toasts.warning(notSent);
        screen.navigate('EditUser', { id: created.id });
        return null;
      }
      if (created.invitationLink) setInvited({ id: created.id, email: created.email, link: created.invitationLink });
      else screen.navigate('UserList');
      return failed ? null : created;
    }, {
      success: (created) => created
        ? `Gebruiker ${created.firstName} ${created.lastName} is aangemaakt.${!byInvitation ? ''
          : created.invitationLink ? ' Er is geen mailserver ingesteld: geef de uitnodigingslink zelf door.' : ` Er is een uitnodiging verstuurd naar ${created.email}.`}`
        : undefined,
      failure: (err) => (isStatus(err, 409) ? EMAIL_IN_USE : 'Er ging iets mis bij het aanmaken van een gebruiker.'),
    });
  };

  return (
    <>
      <PageHeader crumbs={[{ text: 'Gebruikers', screen: 'UserList' }, { text: 'Gebruiker toevoegen' }]} />
      <div className="gs-content">
        {invited ? <CreatedWithLink invited={invited} /> : (
        <form onSubmit={(e) => void submit(e)} aria-label="Gebruiker toevoegen" className="gs-stack">
          <Card className="gs-form" role="region" aria-label="Gegevens">
            <h3>Gegevens</h3>
            <UserFields idPrefix="new-user" value={fields} onChange={setFields} disabled={busy}
              emailError={emailTaken !== null && fields.email.trim() === emailTaken ? EMAIL_IN_USE : null} />
            <RadioGroup label="Eerste wachtwoord" selectedValue={byInvitation ? 'invite' : 'password'} disabled={busy}
              onChange={(e) => setByInvitation(e.currentTarget.value === 'invite')}>
              <Radio value="invite" label="Met een uitnodiging per e-mail (de gebruiker kiest zelf een wachtwoord)" />
              <Radio value="password" label="Met een tijdelijk wachtwoord (zonder e-mail)" />
            </RadioGroup>
            {!byInvitation && (
              <NewPasswordFields ids={['new-user-password', 'new-user-repeat']} labels={['Tijdelijk wachtwoord', 'Bevestig tijdelijk wachtwoord']} required
                password={password} repeat={repeat} onPassword={setPassword} onRepeat={setRepeat} disabled={busy} />
            )}
          </Card>
          <Card className="gs-form" role="region" aria-label="Deelgebieden">
            <h3>Deelgebieden</h3>
            <AccessChecklist rows={subregions} disabled={busy} empty="Er zijn geen deelgebieden."
              onChange={(id, checked) => setSubregions((rows) => rows.map((r) => (r.id === id ? { ...r, checked } : r)))} />
          </Card>
          <Card className="gs-form" role="region" aria-label="Rapportages">
            <h3>Rapportages</h3>
            <AccessChecklist rows={reports} disabled={busy} empty="Er zijn geen rapportage sjablonen."
              onChange={(id, checked) => setReports((rows) => rows.map((r) => (r.id === id ? { ...r, checked } : r)))} />
          </Card>
          <Card className="gs-form" role="region" aria-label="Projectrechten">
            <h3>Projectrechten</h3>
            <ProjectRights rows={projects} all={all} disabled={busy}
              onAll={(role) => {
                setAll(role);
                if (role) setProjects((rows) => rows.map((r) => ({ ...r, role })));
              }}
              onChange={(projectId, role) => {
                setAll('');
                setProjects((rows) => rows.map((r) => (r.projectId === projectId ? { ...r, role } : r)));
              }} />
          </Card>
          <div className="gs-actions">
            <Button type="submit" intent="primary" text="Gebruiker toevoegen" loading={busy} />
            <Button text="Annuleren" onClick={() => screen.navigate('UserList')} disabled={busy} />
          </div>
        </form>
        )}
      </div>
    </>
  );
});
export default CreateUserScreen;
