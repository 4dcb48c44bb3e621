import '@blueprintjs/core/lib/css/blueprint.css';
import './app/app.css';
import { createRoot } from 'react-dom/client';
import { BlueprintProvider } from '@blueprintjs/core';
import { Icons } from '@blueprintjs/icons';
import { loadIconPaths } from './app/iconLoader.ts';
import { RootStore, RootContext } from './app/RootStore.ts';
import { App } from './app/App.tsx';

Icons.setLoaderOptions({ loader: loadIconPaths });
const root = new RootStore();
createRoot(document.getElementById('root')!).render(
  <RootContext.Provider value={root}>
    <BlueprintProvider>
      <App />
    </BlueprintProvider>
  </RootContext.Provider>,
);
void root.auth.startup();
