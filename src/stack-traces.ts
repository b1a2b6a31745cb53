// Stack traces of the bundle in terms of src/. `npm start` runs dist/main.js (scripts/build.mjs),
// and an error it logs (a 500's `err.stack`, src/http/error-handler.ts) should name the TypeScript
// file and line. Node's `--enable-source-maps` would, but it reads and keeps the source map of every
// module loaded, node_modules included (drizzle-orm, luxon, libphonenumber-js, ajv, with their
// sources): ~5 MiB of the idle process (BENCHMARKS.md, "Source maps of the bundle only"). This maps
// the bundle's own frames only, and reads its map when the first stack trace is written.
import { existsSync, readFileSync } from 'node:fs';
import { SourceMap } from 'node:module';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * Makes every stack trace name src/ files for the frames of the bundle at `bundleUrl` (the entry's
 * `import.meta.url`), from its `.map` beside it. Without that file (run from src/ through tsx, which
 * maps its own) nothing changes. Other frames read as Node writes them.
 */
export function mapBundleStackTraces(bundleUrl: string): void {
  const mapPath = `${fileURLToPath(bundleUrl)}.map`;
  if (!existsSync(mapPath)) return;
  const locate = bundleLocator(mapPath);
  Error.prepareStackTrace = (error, callSites) => {
    const frames = callSites.map((site) => {
      const frame = String(site);
      // The bundle is an ES module (scripts/service-bundle.mjs): its frames name its URL.
      if (site.getFileName() !== bundleUrl) return frame;
      const line = site.getLineNumber();
      const column = site.getColumnNumber();
      const original = line === null || column === null ? null : locate(line, column);
      return original ? frame.replace(`${bundleUrl}:${line}:${column}`, original) : frame;
    });
    return [errorHeader(error), ...frames].join('\n    at ');
  };
}

/** `file:line:column` in src/ for a 1-based position in the bundle, or null (no mapping, or an unreadable map). */
function bundleLocator(mapPath: string): (line: number, column: number) => string | null {
  let map: SourceMap | null | undefined;
  return (line, column) => {
    if (map === undefined) {
      try {
        map = new SourceMap(JSON.parse(readFileSync(mapPath, 'utf8')));
      } catch {
        map = null; // a trace written without the mapping beats no trace
      }
    }
    const entry = map?.findEntry(line - 1, column - 1);
    if (!entry || !('originalSource' in entry)) return null;
    // The map names sources relative to itself (`../src/app.ts`).
    return `${resolve(dirname(mapPath), entry.originalSource)}:${entry.originalLine + 1}:${entry.originalColumn + 1}`;
  };
}

/** The trace's first line, as V8 writes it (`Name: message`), even for an error whose toString throws. */
function errorHeader(error: Error): string {
  try {
    return Error.prototype.toString.call(error);
  } catch {
    return '<error>';
  }
}
