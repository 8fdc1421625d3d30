/**
 * Resident memory of processes, for the benchmarks' memory figures: read from Linux's /proc/<pid>/status. Elsewhere
 * (no /proc) the readers answer null and resetPeakRss false.
 */
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';

/** A process's resident memory now (VmRSS) and its peak (VmHWM), in bytes; null where /proc cannot be read. */
export function rssOf(pid: number | 'self'): { rss: number; peak: number } | null {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const bytes = (field: string) => Number(new RegExp(`${field}:\\s+(\\d+) kB`).exec(status)?.[1]) * 1024;
    const figures = { rss: bytes('VmRSS'), peak: bytes('VmHWM') };
    return Number.isFinite(figures.rss) && Number.isFinite(figures.peak) ? figures : null;
  } catch {
    return null;
  }
}

/** The processes started by `pid` and by them, and so on (Linux: /proc/<pid>/task/<tid>/children); [] elsewhere. */
export function descendantsOf(pid: number): number[] {
  const found: number[] = [];
  try {
    for (const task of readdirSync(`/proc/${pid}/task`)) {
      const children = readFileSync(`/proc/${pid}/task/${task}/children`, 'utf8').trim();
      for (const child of children ? children.split(/\s+/).map(Number) : []) found.push(child, ...descendantsOf(child));
    }
  } catch {
    // Gone meanwhile, or no /proc.
  }
  return found;
}

/**
 * Sets this process's peak (VmHWM) back to its resident memory of this moment (Linux 4.0+), so that a later peak is
 * the peak since now; false where it cannot. getrusage's maxrss cannot do this, and Linux keeps it across exec: a
 * child started by a big process reports its parent's peak.
 */
export function resetPeakRss(): boolean {
  try {
    writeFileSync('/proc/self/clear_refs', '5');
    return true;
  } catch {
    return false;
  }
}
