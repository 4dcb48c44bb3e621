import '@blueprintjs/core/lib/css/blueprint.css';
import './app/app.css';
import { createRoot } from 'react-dom/client';
import { BlueprintProvider } from '@blueprintjs/core';
import { Icons } from '@blueprintjs/icons';
import { loadIconPaths } from './app/iconLoader.ts';
import { RootStore, RootContext } from './app/RootStore.ts';
import { App } from './app/App.tsx';
import { registerArea } from './app/screenRegistry.tsx';
import { adminArea } from './admin/area.ts';
import { managerArea } from './manager/area.ts';
import { workbenchArea } from './workbench/area.ts';

Icons.setLoaderOptions({ loader: loadIconPaths });
// The areas' screens: src/app knows none of them by name.
for (const area of [adminArea, managerArea, workbenchArea]) registerArea(area);
const root = new RootStore();
createRoot(document.getElementById('root')!).render(
  <RootContext.Provider value={root}>
    <BlueprintProvider>
      <App />
    </BlueprintProvider>
  </RootContext.Provider>,
);
void root.auth.startup();
