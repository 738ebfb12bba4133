// Failed-login throttling with exponential back-off (OWASP ASVS 5.0 V6.3.1, "controls to protect against
// credential stuffing and password brute force"; the doubling delay is the back-off NIST SP 800-63B
// §5.2.2 suggests instead of a hard lock-out). After `threshold` failures within the window, each further
// failure doubles the wait after the newest one: 1 s, 2 s, 4 s, … up to `maxDelayMs`. A lock-out that
// never ends would let anyone lock a real user out; a delay that doubles still makes guessing useless
// (10 + 20 guesses take ~12 days at the cap) while the user can try again soon after a few typos.

export interface FailureHistory {
  /** Failures in the window. */
  count: number;
  /** When the newest failure was recorded (ms, the store's clock). */
  newestMs: number;
  /** Now, on the same clock. */
  nowMs: number;
}

export interface BackoffRule {
  /** Failures within the window before any delay applies. */
  threshold: number;
  /** The longest delay (the window's length: older failures are forgotten anyway). */
  maxDelayMs: number;
}

/** Milliseconds until another attempt is allowed; 0: allowed now. */
export function backoffRemainingMs(history: FailureHistory, rule: BackoffRule): number {
  if (history.count < rule.threshold) return 0;
  const exponent = Math.min(history.count - rule.threshold, 40); // 2^40 s is far past any cap
  const delayMs = Math.min(rule.maxDelayMs, 1000 * 2 ** exponent);
  return Math.max(0, history.newestMs + delayMs - history.nowMs);
}
