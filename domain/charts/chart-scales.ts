// Pure scale and colour helpers for the dashboard's plain-SVG charts (forest plot, heatmaps). Kept free of
// the DOM so the unit tests run them in Node; the dashboard imports them as it imports curie-links.

/** A log10 axis: maps [lo, hi] (both > 0) onto [from, to] in pixels; values outside are clamped. */
export function logScale(lo: number, hi: number, from: number, to: number): (value: number) => number {
  if (!(lo > 0) || !(hi > lo)) throw new RangeError(`a log scale needs 0 < lo < hi, got ${lo}, ${hi}`);
  const a = Math.log10(lo), b = Math.log10(hi);
  return (value) => {
    const v = Math.min(Math.max(Math.log10(value > 0 ? value : lo), a), b);
    return from + ((v - a) / (b - a)) * (to - from);
  };
}

/**
 * The domain of a log axis that shows every value and the line at 1: widened to whole powers of ten
 * when that at most doubles the span, else to the 1-2-5 steps around the data.
 */
export function logDomain(values: readonly number[]): [number, number] {
  const finite = values.filter((v) => Number.isFinite(v) && v > 0);
  const lo = Math.min(1, ...finite), hi = Math.max(1, ...finite);
  const down = (v: number) => { const p = 10 ** Math.floor(Math.log10(v)); return [5, 2, 1].map((m) => m * p).find((s) => s <= v * (1 + 1e-12))!; };
  const up = (v: number) => { const p = 10 ** Math.floor(Math.log10(v)); return [1, 2, 5, 10].map((m) => m * p).find((s) => s >= v * (1 - 1e-12))!; };
  const l = down(lo), h = up(hi);
  return [l, h > l ? h : l * 10];
}

/** Tick values of a log axis: 1-2-5 steps inside [lo, hi], thinned to powers of ten when there are many. */
export function logTicks(lo: number, hi: number): number[] {
  const ticks: number[] = [];
  for (let e = Math.floor(Math.log10(lo)); e <= Math.ceil(Math.log10(hi)); e++) {
    for (const m of [1, 2, 5]) {
      const t = Number((m * 10 ** e).toPrecision(12));
      if (t >= lo * (1 - 1e-12) && t <= hi * (1 + 1e-12)) ticks.push(t);
    }
  }
  return ticks.length > 7 ? ticks.filter((t) => Number.isInteger(Math.round(Math.log10(t) * 1e9) / 1e9)) : ticks;
}

/** Sequential ramp (light to dark blue, ColorBrewer "Blues"): position t in [0, 1], clamped. */
export const SEQUENTIAL_STOPS = ['#f7fbff', '#c6dbef', '#6baed6', '#2171b5', '#08306b'] as const;

export function sequentialColour(t: number): string {
  const x = Number.isFinite(t) ? Math.min(Math.max(t, 0), 1) : 0;
  const scaled = x * (SEQUENTIAL_STOPS.length - 1);
  const i = Math.min(Math.floor(scaled), SEQUENTIAL_STOPS.length - 2);
  const [a, b] = [rgb(SEQUENTIAL_STOPS[i]!), rgb(SEQUENTIAL_STOPS[i + 1]!)];
  const f = scaled - i;
  return hex(a.map((c, k) => c + (b[k]! - c) * f));
}

/** Black or white text on a fill, whichever contrasts more (the better of the two is always ≥ 4.58:1). */
export function textOn(fill: string): '#000000' | '#ffffff' {
  return contrastRatio(fill, '#000000') >= contrastRatio(fill, '#ffffff') ? '#000000' : '#ffffff';
}

/** WCAG 2.1 contrast ratio of two #rrggbb colours. */
export function contrastRatio(a: string, b: string): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (hi! + 0.05) / (lo! + 0.05);
}

function luminance(colour: string): number {
  const [r, g, b] = rgb(colour).map((c) => c / 255).map((c) => (c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4));
  return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
}

function rgb(colour: string): number[] {
  return [1, 3, 5].map((i) => parseInt(colour.slice(i, i + 2), 16));
}

function hex(channels: number[]): string {
  return `#${channels.map((c) => Math.round(c).toString(16).padStart(2, '0')).join('')}`;
}

/** A label cut to `max` characters with an ellipsis (the full text goes in a <title>). */
export function truncate(text: string, max: number): string {
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
}
