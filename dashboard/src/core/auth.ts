// Who is signed in, and the sign-in dialog. The dialog opens over whatever view is showing (at start,
// after sign-out, or when any request answers 401), so a half-typed question survives an expired
// session: sign in again and press the button again.
import { api, ApiError } from './api';
import { h, replace } from './dom';
import { emit, on } from './events';
import { apiKey, setApiKey } from './session-store';

export interface AuthState {
  authenticated: boolean;
  researcher_id: string | null;
  auth_mode: 'local' | 'proxy';
  source: string | null;
  api_key_required: boolean;
  /** An LLM is configured on the server (absent from older servers: read as true). */
  llm_available?: boolean;
}

let state: AuthState | undefined;
let dialog: HTMLDialogElement | undefined;

export function authState(): AuthState | undefined {
  return state;
}

export async function refreshAuth(): Promise<AuthState> {
  state = await api.get<AuthState>('/api/auth/me');
  return state;
}

export async function signOut(): Promise<void> {
  try {
    await api.post('/api/auth/logout');
  } finally {
    setApiKey(null);
    state = state ? { ...state, authenticated: false, researcher_id: null } : state;
    openSignIn('You are signed out.');
  }
}

/** Opens the sign-in dialog unless it is already open. */
export function openSignIn(reason?: string): void {
  if (!dialog) dialog = buildDialog();
  const message = dialog.querySelector('[data-role="reason"]');
  if (message) replace(message as HTMLElement, reason ?? '');
  if (!dialog.open) dialog.showModal();
  dialog.querySelector<HTMLInputElement>('input[name="username"]')?.focus();
}

export function installSessionExpiryHandler(): void {
  on('session-expired', () => openSignIn('Your session has ended. Sign in again; what you typed is still here.'));
}

function buildDialog(): HTMLDialogElement {
  const error = h('div', { class: 'form-general', 'aria-live': 'polite' });
  const keyRow = h('div', { class: 'key-row' },
    h('label', { class: 'field', 'data-field': 'api_key' }, 'API key (this deployment requires one)',
      h('input', { name: 'api_key', type: 'password', autocomplete: 'off' })),
    h('label', { class: 'check' }, h('input', { type: 'checkbox', name: 'remember_key', 'data-testid': 'remember-key' }),
      ' Remember the key on this device (all tabs, until you sign out)'));
  const proxyNote = h('p', { class: 'muted' }, 'This deployment signs researchers in through its reverse proxy. Reload the page after signing in there.');
  // A new researcher's first question: where the credentials are. `npm start` writes them to two files
  // (infra/config/local-account.ts, local-api-key.ts); no secret is shown here, only where to look.
  const whereNote = h('p', { class: 'small muted', 'data-testid': 'signin-where' },
    'Started with ', h('code', null, 'npm start'), '? The username and password are in ', h('code', null, 'data/local-account'),
    ' and the API key in ', h('code', null, 'data/api-key'), ', in the folder the server was started from (under DATA_DIR when it is set). '
    + 'Otherwise ask whoever runs this deployment.');
  const form = h('form', { class: 'signin', 'data-testid': 'signin-form' },
    h('h2', null, 'Sign in'),
    h('p', { class: 'muted', 'data-role': 'reason' }),
    h('label', { class: 'field', 'data-field': 'username' }, 'Username', h('input', { name: 'username', autocomplete: 'username', required: true })),
    h('label', { class: 'field', 'data-field': 'password' }, 'Password', h('input', { name: 'password', type: 'password', autocomplete: 'current-password', required: true })),
    keyRow,
    whereNote,
    error,
    h('button', { type: 'submit', class: 'primary' }, 'Sign in'),
  );
  const element = h('dialog', { class: 'signin-dialog', 'data-testid': 'signin-dialog' }, form);
  // Escape must not dismiss the dialog into a page that cannot work signed out.
  element.addEventListener('cancel', (event) => event.preventDefault());
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    void submit(form, error, element);
  });
  const syncMode = () => {
    keyRow.hidden = !(state?.api_key_required ?? false);
    if (state?.auth_mode === 'proxy' && !form.contains(proxyNote)) form.prepend(proxyNote);
    whereNote.hidden = state?.auth_mode === 'proxy';
  };
  syncMode();
  on('signed-in', syncMode);
  document.body.appendChild(element);
  return element;
}

async function submit(form: HTMLFormElement, error: HTMLElement, element: HTMLDialogElement): Promise<void> {
  const data = new FormData(form);
  const typedKey = String(data.get('api_key') ?? '');
  if (typedKey) setApiKey(typedKey, data.get('remember_key') === 'on');
  replace(error);
  try {
    const result = await api.post<{ researcher_id: string }>('/api/auth/login', {
      username: String(data.get('username') ?? ''),
      password: String(data.get('password') ?? ''),
    });
    await refreshAuth();
    (form.querySelector('input[name="password"]') as HTMLInputElement).value = '';
    element.close();
    emit('signed-in', { researcherId: result.researcher_id });
  } catch (err) {
    if (err instanceof ApiError && err.status === 401 && !apiKey() && state?.api_key_required) {
      replace(error, h('div', { class: 'error', role: 'alert' }, 'This deployment requires an API key.'));
    } else {
      replace(error, h('div', { class: 'error', role: 'alert', 'data-testid': 'signin-error' }, err instanceof Error ? err.message : String(err)));
    }
  }
}
