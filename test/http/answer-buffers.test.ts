// The reused buffers of the largest answers (src/http/answer-buffers.ts): which buffer a loan
// gets, which ones come back and are kept, and that a quiet server lets them go.
import { describe, expect, it } from 'vitest';
import { AnswerBuffers } from '../../src/http/answer-buffers.ts';

const MiB = 1024 * 1024;
const limits = { keep: 2, largestBytes: 4 * MiB, idleMs: 60_000 };
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('AnswerBuffers', () => {
  it('lends at least the size asked, rounded up to 64 KiB, and lends the same memory again once it is given back', () => {
    const buffers = new AnswerBuffers(limits);
    const first = buffers.take(1_600_001);
    expect(first.length).toBe(25 * 64 * 1024);
    // What the answer uses is a part of the buffer; giving back that part returns the whole.
    buffers.give(first.subarray(0, 1_600_001));
    expect(buffers.kept).toBe(1);
    const second = buffers.take(1_000);
    expect(second.buffer).toBe(first.buffer);
    expect(second.length).toBe(first.length);
    expect(buffers.kept).toBe(0);
  });

  it('lends a new buffer while the kept one is out, and when none kept is large enough', () => {
    const buffers = new AnswerBuffers(limits);
    const small = buffers.take(100);
    const other = buffers.take(100);
    expect(other.buffer).not.toBe(small.buffer);
    buffers.give(small);
    const large = buffers.take(small.length + 1);
    expect(large.buffer).not.toBe(small.buffer);
    expect(large.length).toBe(2 * 64 * 1024);
    expect(buffers.kept).toBe(1);
  });

  it('lends the smallest kept buffer that fits', () => {
    const buffers = new AnswerBuffers({ ...limits, keep: 3 });
    const lent = [buffers.take(3 * 65_536), buffers.take(65_536), buffers.take(2 * 65_536)];
    for (const buffer of lent) buffers.give(buffer);
    expect(buffers.take(65_537).buffer).toBe(lent[2]!.buffer);
    expect(buffers.take(10).buffer).toBe(lent[1]!.buffer);
  });

  it('keeps at most `keep` buffers, the largest ones', () => {
    const buffers = new AnswerBuffers(limits);
    const lent = [buffers.take(65_536), buffers.take(3 * 65_536), buffers.take(2 * 65_536)];
    for (const buffer of lent) buffers.give(buffer);
    expect(buffers.kept).toBe(2);
    expect(buffers.take(65_536).buffer).toBe(lent[2]!.buffer);
    expect(buffers.take(65_536).buffer).toBe(lent[1]!.buffer);
    expect(buffers.kept).toBe(0);
  });

  it('does not keep a buffer larger than `largestBytes`', () => {
    const buffers = new AnswerBuffers(limits);
    const huge = buffers.take(4 * MiB + 1);
    buffers.give(huge);
    expect(buffers.kept).toBe(0);
  });

  it('takes back only what it lent, and each loan once', () => {
    const buffers = new AnswerBuffers(limits);
    buffers.give(Buffer.allocUnsafeSlow(65_536));
    buffers.give(Buffer.from('{"small":"from the shared pool"}'));
    expect(buffers.kept).toBe(0);
    const lent = buffers.take(10);
    buffers.give(lent);
    buffers.give(lent);
    expect(buffers.kept).toBe(1);
    // Lent again, it comes back again.
    buffers.give(buffers.take(10));
    expect(buffers.kept).toBe(1);
  });

  it('lets every kept buffer go when told to, and still takes back a loan that was out', () => {
    const buffers = new AnswerBuffers(limits);
    const out = buffers.take(10);
    buffers.give(buffers.take(10));
    buffers.letGo();
    expect(buffers.kept).toBe(0);
    buffers.give(out);
    expect(buffers.kept).toBe(1);
  });

  it('lets every kept buffer go after `idleMs` without a loan or a return', async () => {
    const buffers = new AnswerBuffers({ ...limits, idleMs: 40 });
    buffers.give(buffers.take(10));
    expect(buffers.kept).toBe(1);
    await sleep(20);
    // A loan in the meantime puts the quiet time off.
    buffers.give(buffers.take(10));
    await sleep(25);
    expect(buffers.kept).toBe(1);
    await sleep(60);
    expect(buffers.kept).toBe(0);
    // And the next loan starts again from nothing kept.
    const fresh = buffers.take(10);
    buffers.give(fresh);
    expect(buffers.kept).toBe(1);
  });
});
