// Dashboard entry: the shell, the routes, who is signed in, then the current view.
import './styles/app.css';
import { installSessionExpiryHandler, openSignIn, refreshAuth } from './core/auth';
import { h, replace } from './core/dom';
import { errorBox } from './core/errors';
import { on } from './core/events';
import { render, startRouter } from './core/router';
import { mountShell } from './core/shell';
import { registerRoutes } from './views/routes';

async function boot(): Promise<void> {
  const root = document.getElementById('app');
  if (!root) return;
  registerRoutes();
  installSessionExpiryHandler();
  let state;
  try {
    state = await refreshAuth();
  } catch (error) {
    replace(root, h('main', null, errorBox(error)));
    return;
  }
  const outlet = mountShell(root);
  // After signing in (again) the view reloads its data; forms restore their drafts.
  on('signed-in', () => void render());
  startRouter(outlet, 'ask');
  if (!state.authenticated) openSignIn();
}

void boot();
