// autocannon ships no type declarations: the part the bench scripts use, declared once.
export interface AutocannonRequest { method?: string; path?: string; setupRequest?: (req: { path?: string }) => { path?: string } }
export interface AutocannonResult {
  latency: { p50: number; p90: number; p99: number; average: number; max: number };
  requests: { total: number; average: number };
  non2xx: number; errors: number; timeouts: number; duration: number;
  statusCodeStats?: Record<string, { count: number }>;
}
export type Autocannon = (options: {
  url: string; connections: number; duration: number; overallRate: number; requests?: AutocannonRequest[]; pipelining?: number;
}) => Promise<AutocannonResult>;
// eslint-disable-next-line @typescript-eslint/no-require-imports
export const autocannon = require('autocannon') as Autocannon;
