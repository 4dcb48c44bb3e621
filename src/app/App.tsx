import { observer } from 'mobx-react-lite';
import { Spinner } from '@blueprintjs/core';
import { useRoot } from './RootStore.ts';
import { Shell } from './Shell.tsx';
import { Toasts } from './Toasts.tsx';
import { LoginScreen } from '../admin/login/LoginScreen.tsx';
import { WaitingScreen } from '../admin/login/WaitingScreen.tsx';

export const App = observer(function App() {
  const { auth } = useRoot();
  let body;
  if (!auth.loggedIn || !auth.user) {
    body = auth.loginState === 'Loading'
      ? <div className="gs-login"><Spinner /></div>
      : <LoginScreen />;
  } else if (!auth.user.hasMainAppAccess) {
    body = <WaitingScreen />;
  } else {
    body = <Shell />;
  }
  return (
    <>
      {body}
      <Toasts />
    </>
  );
});
