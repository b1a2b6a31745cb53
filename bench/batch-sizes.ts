// The server's batch-size histograms (docs/architecture.md §3, "Coalesced punches" and
// "Coalesced timesheet reads") read from its /metrics: items and the statements that carried
// them so far, per kind. The benchmark reports punches and timesheet reads per statement from
// them, and the kill -9 test shows that its kills hit coalesced batches.
export type PunchKind = 'clock_in' | 'clock_out';
export type ReadKind = 'week' | 'pay_period';

export interface BatchFigures {
  /** Items carried: punches, or reads. */
  items: number;
  statements: number;
}

async function metricsText(baseUrl: string, metricsToken: string): Promise<string> {
  const answer = await fetch(`${baseUrl}/metrics`, { headers: { authorization: `Bearer ${metricsToken}` } });
  if (!answer.ok) throw new Error(`GET /metrics answered ${answer.status}`);
  return answer.text();
}

/** A histogram's items and statements per kind, from the text of /metrics. */
function batchesOf<Kind extends string>(text: string, metric: string, kinds: readonly Kind[]): Record<Kind, BatchFigures> {
  const total = (suffix: 'sum' | 'count', kind: Kind) => Number(new RegExp(`^${metric}_${suffix}\\{kind="${kind}"\\} (\\d+)$`, 'm').exec(text)?.[1] ?? 0);
  return Object.fromEntries(kinds.map((kind) => [kind, { items: total('sum', kind), statements: total('count', kind) }])) as Record<Kind, BatchFigures>;
}

export async function readPunchBatches(baseUrl: string, metricsToken: string): Promise<Record<PunchKind, BatchFigures>> {
  return batchesOf(await metricsText(baseUrl, metricsToken), 'punch_batch_size', ['clock_in', 'clock_out']);
}

export async function readTimesheetReadBatches(baseUrl: string, metricsToken: string): Promise<Record<ReadKind, BatchFigures>> {
  return batchesOf(await metricsText(baseUrl, metricsToken), 'timesheet_read_batch_size', ['week', 'pay_period']);
}
