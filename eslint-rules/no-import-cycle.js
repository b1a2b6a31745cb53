// ESLint rule: no import cycles among the project's own files (docs/architecture.md). A cycle
// means two files cannot be understood, tested or moved apart. Type-only imports count too:
// a knot of types is still a knot.
//
// Each file's relative imports are read from disk with one regular expression (static
// `import … from`, `export … from`, side-effect `import '…'` and `import('…')`), cached for the
// lint run; a DFS from each import of the linted file looks for a way back to it.
import { readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';

const SPECIFIER = /(?:\bfrom\s*|\bimport\s*\(\s*|^\s*import\s+)['"](\.{1,2}\/[^'"]+)['"]/gm;
const edges = new Map();

/** The project files a file imports (relative specifiers only; packages cannot close a cycle here). */
function importsOf(file) {
  let found = edges.get(file);
  if (found) return found;
  let text;
  try {
    text = readFileSync(file, 'utf8');
  } catch {
    text = ''; // an import of a missing file is tsc's to report
  }
  found = [...text.matchAll(SPECIFIER)].map((match) => resolve(dirname(file), match[1]));
  edges.set(file, found);
  return found;
}

/** A path of imports from `start` back to `target`, or null. */
function pathBack(start, target) {
  const seen = new Set();
  const stack = [[start, [start]]];
  while (stack.length > 0) {
    const [file, path] = stack.pop();
    if (file === target) return path;
    if (seen.has(file)) continue;
    seen.add(file);
    for (const next of importsOf(file)) stack.push([next, [...path, next]]);
  }
  return null;
}

export default {
  meta: {
    type: 'problem',
    docs: { description: 'Forbids import cycles among the project files' },
    schema: [],
    messages: { cycle: 'Import cycle: {{path}}' },
  },
  create(context) {
    const self = context.filename;
    const root = context.cwd;
    const show = (file) => file.replace(`${root}/`, '');
    const check = (node) => {
      const spec = node.source?.value;
      if (typeof spec !== 'string' || !spec.startsWith('.')) return;
      const target = resolve(dirname(self), spec);
      const back = pathBack(target, self);
      if (back) context.report({ node, messageId: 'cycle', data: { path: [self, ...back].map(show).join(' -> ') } });
    };
    return { ImportDeclaration: check, ExportNamedDeclaration: check, ExportAllDeclaration: check, ImportExpression: check };
  },
};
