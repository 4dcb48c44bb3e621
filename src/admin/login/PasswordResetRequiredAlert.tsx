import { observer } from 'mobx-react-lite';
import { Alert } from '@blueprintjs/core';
import { useRoot } from '../../app/RootStore.ts';

/** A user on a temporary password must change it or sign out (spec 3 §4). */
export const PasswordResetRequiredAlert = observer(function PasswordResetRequiredAlert() {
  const { screen, auth } = useRoot();
  return (
    <Alert
      isOpen={screen.passwordResetAlertOpen}
      intent="warning"
      icon="key"
      confirmButtonText="Wachtwoord wijzigen"
      cancelButtonText="Uitloggen"
      onConfirm={() => {
        screen.closePasswordResetAlert();
        screen.navigate('User');
      }}
      onCancel={() => {
        screen.closePasswordResetAlert();
        void auth.logout();
      }}
    >
      <p>U bent ingelogd met een tijdelijk wachtwoord. Wijzig uw wachtwoord om verder te gaan.</p>
    </Alert>
  );
});
