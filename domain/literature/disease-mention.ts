// Whether an article names its disease: any of the disease's names as whole words. Upper-case
// abbreviations (SLE, RA, MS) match only as written, so "as", "ms" or "Ra" never count.
import { prepareText } from '../workspace/entity-linking/text';

function escape(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

export function diseaseMatcher(names: readonly string[]): (text: string) => boolean {
  const patterns = [...new Set(names.map((n) => n.trim()).filter((n) => n.length >= 2))].map((name) => {
    const abbreviation = /^[A-Z0-9]{2,6}$/.test(name);
    const body = escape(prepareText(name)).replace(/[\s-]+/g, '[\\s-]+').replace(/'/g, '[\'’]?');
    return new RegExp(`(?<![\\p{L}\\p{N}])${body}(?![\\p{L}\\p{N}])`, abbreviation ? 'u' : 'iu');
  });
  return (text) => {
    const prepared = prepareText(text);
    return patterns.some((p) => p.test(prepared));
  };
}
