// A small scanner for function lengths (lines from the opening brace to the matching closing one) that
// skips strings, template literals and comments. Good enough for a report; not a parser.
import fs from 'node:fs';
import path from 'node:path';

export interface FunctionLength { file: string; line: number; name: string; lines: number }

const HEAD = /(?:function\s*\*?\s*([A-Za-z0-9_$]*)\s*\(|([A-Za-z0-9_$]+)\s*(?::[^=]*)?=\s*(?:async\s*)?(?:\([^)]*\)|[A-Za-z0-9_$]+)\s*(?::[^=]*?)?=>\s*\{|^\s*(?:public |private |protected |static |async |get |set )*([A-Za-z0-9_$]+)\s*\([^)]*\)\s*(?::[^{]*)?\{)/;

/** Positions of every brace in code (not in strings or comments), with the line each is on. */
function braces(source: string): { char: '{' | '}'; line: number }[] {
  const out: { char: '{' | '}'; line: number }[] = [];
  let line = 1;
  let i = 0;
  const templateDepth: number[] = [];
  let depth = 0;
  while (i < source.length) {
    const c = source[i]!;
    if (c === '\n') { line += 1; i += 1; continue; }
    if (c === '/' && source[i + 1] === '/') { while (i < source.length && source[i] !== '\n') i += 1; continue; }
    if (c === '/' && source[i + 1] === '*') { const end = source.indexOf('*/', i + 2); const chunk = source.slice(i, end + 2); line += chunk.split('\n').length - 1; i = end + 2; continue; }
    if (c === '"' || c === "'") {
      i += 1;
      while (i < source.length && source[i] !== c && source[i] !== '\n') i += source[i] === '\\' ? 2 : 1;
      i += 1; continue;
    }
    if (c === '`' || (c === '}' && templateDepth.length > 0 && templateDepth[templateDepth.length - 1] === depth)) {
      if (c === '}') templateDepth.pop();
      i += 1;
      while (i < source.length && source[i] !== '`') {
        if (source[i] === '\\') { i += 2; continue; }
        if (source[i] === '$' && source[i + 1] === '{') { templateDepth.push(depth); i += 2; break; }
        if (source[i] === '\n') line += 1;
        i += 1;
      }
      if (source[i] === '`') i += 1;
      continue;
    }
    if (c === '{') { depth += 1; out.push({ char: '{', line }); }
    if (c === '}') { depth -= 1; out.push({ char: '}', line }); }
    i += 1;
  }
  return out;
}

export function longestFunctions(root: string, files: readonly string[]): FunctionLength[] {
  const found: FunctionLength[] = [];
  for (const file of files) {
    const source = fs.readFileSync(path.join(root, file), 'utf8');
    const lines = source.split('\n');
    const all = braces(source);
    const closeOf = new Map<number, number>();
    const open: number[] = [];
    all.forEach((brace, index) => {
      if (brace.char === '{') open.push(index);
      else { const start = open.pop(); if (start !== undefined) closeOf.set(start, index); }
    });
    const starts = new Set<number>();
    lines.forEach((text, i) => {
      const match = HEAD.exec(text);
      if (!match || /^\s*(if|for|while|switch|catch|return)\b/.test(text)) return;
      const name = match[1] || match[2] || match[3] || '(anonymous)';
      if (['if', 'for', 'while', 'switch', 'catch'].includes(name)) return;
      const braceIndex = all.findIndex((b) => b.char === '{' && b.line >= i + 1 && !starts.has(all.indexOf(b)));
      if (braceIndex < 0 || all[braceIndex]!.line > i + 4) return;
      const close = closeOf.get(braceIndex);
      if (close === undefined) return;
      starts.add(braceIndex);
      found.push({ file, line: i + 1, name, lines: all[close]!.line - all[braceIndex]!.line + 1 });
    });
  }
  return found.sort((a, b) => b.lines - a.lines);
}
