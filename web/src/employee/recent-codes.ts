// The last few job and task codes used on this device, newest first, offered on the next clock in.
const STORAGE_KEY = 'payclock.recentCodes';
const KEEP = 5;

export interface RecentCodes {
  job: string[];
  task: string[];
}

export function loadRecentCodes(storage: Pick<Storage, 'getItem'> = localStorage): RecentCodes {
  try {
    const parsed = JSON.parse(storage.getItem(STORAGE_KEY) ?? '{}') as Partial<RecentCodes>;
    return { job: Array.isArray(parsed.job) ? parsed.job : [], task: Array.isArray(parsed.task) ? parsed.task : [] };
  } catch {
    return { job: [], task: [] };
  }
}

export function rememberCodes(codes: { job?: string; task?: string }, storage: Pick<Storage, 'getItem' | 'setItem'> = localStorage): RecentCodes {
  const current = loadRecentCodes(storage);
  const push = (list: string[], value?: string) => (value ? [value, ...list.filter((v) => v !== value)].slice(0, KEEP) : list);
  const next = { job: push(current.job, codes.job), task: push(current.task, codes.task) };
  storage.setItem(STORAGE_KEY, JSON.stringify(next));
  return next;
}
