// How the service and the CLI are bundled (scripts/build.mjs), shared with
// test/operations/stack-traces.test.ts so that the test's bundle is built as dist/ is.
export const SERVICE_BUNDLE_OPTIONS = Object.freeze({
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  packages: 'external',
  // Read by src/stack-traces.ts to name src/ lines in stack traces; the sources themselves are
  // not needed for that, so the map carries only the mappings (250 KB rather than 870).
  sourcemap: true,
  sourcesContent: false,
  logLevel: 'warning',
});
