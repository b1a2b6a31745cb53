// The server's punch_batch_size histogram (docs/architecture.md §3, "Coalesced punches") read
// from its /metrics: punches and the statements that carried them so far, per kind. The
// benchmark reports punches per statement from it, and the kill -9 test shows that its kills
// hit coalesced batches.
export type PunchKind = 'clock_in' | 'clock_out';

export interface BatchFigures {
  punches: number;
  statements: number;
}

export async function readPunchBatches(baseUrl: string, metricsToken: string): Promise<Record<PunchKind, BatchFigures>> {
  const answer = await fetch(`${baseUrl}/metrics`, { headers: { authorization: `Bearer ${metricsToken}` } });
  if (!answer.ok) throw new Error(`GET /metrics answered ${answer.status}`);
  const text = await answer.text();
  const total = (suffix: 'sum' | 'count', kind: PunchKind) => Number(new RegExp(`^punch_batch_size_${suffix}\\{kind="${kind}"\\} (\\d+)$`, 'm').exec(text)?.[1] ?? 0);
  const of = (kind: PunchKind) => ({ punches: total('sum', kind), statements: total('count', kind) });
  return { clock_in: of('clock_in'), clock_out: of('clock_out') };
}
