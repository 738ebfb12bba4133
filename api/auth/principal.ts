// The researcher a request acts for. Always derived by the server (session cookie, trusted proxy
// header, or the debug-only X-Researcher-ID), never read from a request body.
import type { Principal } from '../../infra/event-store/event-store';

export interface ResearcherPrincipal {
  id: string;
  source: 'session' | 'proxy' | 'debug-header';
}

export function eventPrincipal(researcher: ResearcherPrincipal): Principal {
  return { kind: 'researcher', id: researcher.id };
}
