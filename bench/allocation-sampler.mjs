// node --import ./bench/allocation-sampler.mjs …, with PAYCLOCK_ALLOC_PROF_DIR set (bench/clock.ts
// --alloc-prof DIR does both for the real server). Samples every allocation of the process, the
// objects the collector has already freed included, and writes the profile to DIR when the
// process exits (the server's SIGTERM ends in process.exit). `node --heap-prof` keeps only the
// samples still alive at exit, which hides the short-lived garbage of each request: the part
// that costs collections. The HTTP responses sent are counted too (the profile's
// `payclockResponses`), so that bench/profile-summary.ts can give bytes per request. Plain
// JavaScript: the server runs on node without a TypeScript loader.
import { subscribe } from 'node:diagnostics_channel';
import { Session } from 'node:inspector';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import process from 'node:process';

const dir = process.env.PAYCLOCK_ALLOC_PROF_DIR;
if (!dir) throw new Error('allocation-sampler: set PAYCLOCK_ALLOC_PROF_DIR');
mkdirSync(dir, { recursive: true });

const session = new Session();
session.connect();
// An in-process session answers synchronously, so the profile can be taken in an 'exit' handler.
const post = (method, params = {}) => {
  let answer;
  session.post(method, params, (error, result) => {
    if (error) throw error;
    answer = result;
  });
  return answer;
};

let responses = 0;
subscribe('http.server.response.finish', () => {
  responses++;
});

post('HeapProfiler.enable');
post('HeapProfiler.startSampling', {
  samplingInterval: 16_384,
  includeObjectsCollectedByMajorGC: true,
  includeObjectsCollectedByMinorGC: true,
});
process.once('exit', () => {
  const { profile } = post('HeapProfiler.stopSampling');
  writeFileSync(join(dir, `alloc-${process.pid}.heapprofile`), JSON.stringify({ ...profile, payclockResponses: responses }));
});
