import { observer } from 'mobx-react-lite';
import { Spinner } from '@blueprintjs/core';
import { useRoot } from './RootStore.ts';
import { Shell } from './Shell.tsx';
import { Toasts } from './Toasts.tsx';
import { signedOutScreens } from './screenRegistry.tsx';

export const App = observer(function App() {
  const { auth } = useRoot();
  const { login: LoginScreen, waiting: WaitingScreen } = signedOutScreens();
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
