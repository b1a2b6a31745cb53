// Runs before each test file (vitest.config.ts setupFiles). Test files share their worker
// process (isolate: false), so a file must leave the process as it found it. This fails the file
// that leaves an environment variable changed or fake timers installed, naming what it left,
// and puts the process back, so the files after it in the same worker run as they would alone.
import { afterAll, vi } from 'vitest';

const environmentBefore = { ...process.env };

afterAll(() => {
  const names = new Set([...Object.keys(environmentBefore), ...Object.keys(process.env)]);
  const changed = [...names].filter((name) => environmentBefore[name] !== process.env[name]);
  for (const name of changed) {
    if (environmentBefore[name] === undefined) delete process.env[name];
    else process.env[name] = environmentBefore[name];
  }
  const fakeTimers = vi.isFakeTimers();
  if (fakeTimers) vi.useRealTimers();
  const left = [
    ...(changed.length > 0 ? [`environment variables changed (${changed.join(', ')})`] : []),
    ...(fakeTimers ? ['fake timers installed'] : []),
  ];
  if (left.length > 0) throw new Error(`this test file left ${left.join(' and ')}: restore them in afterAll or finally`);
});
