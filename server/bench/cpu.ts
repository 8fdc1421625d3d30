/**
 * CPU time of processes and threads, for the benchmarks' "CPU ms per lock and per sale": read from Linux's
 * /proc/<pid>/task/<tid>/schedstat (nanoseconds on the CPU, exact, where /proc/<pid>/stat counts 10 ms ticks).
 * Elsewhere (no /proc) every figure is null.
 */
import { readdirSync, readFileSync } from 'node:fs';

function schedNs(file: string): number {
  try {
    return Number(readFileSync(file, 'utf8').split(' ')[0]);
  } catch {
    return 0; // a thread or process that ended between the listing and the read
  }
}

/** CPU ms of every live thread of process `pid` (a thread that has ended is not counted). */
export function processCpuMs(pid: number): number {
  let ns = 0;
  try {
    for (const tid of readdirSync(`/proc/${pid}/task`)) ns += schedNs(`/proc/${pid}/task/${tid}/schedstat`);
  } catch {
    return 0;
  }
  return ns / 1e6;
}

/** CPU ms of the calling thread (/proc/thread-self), or null without /proc. */
export function threadCpuMs(): number | null {
  return threadSchedMs()?.cpuMs ?? null;
}

/**
 * The calling thread's ms on a core (`cpuMs`) and ms ready to run but waiting for one (`waitMs`: the run queue, where
 * a server's thread waits while other processes of the machine hold both cores), or null without /proc.
 */
export function threadSchedMs(): { cpuMs: number; waitMs: number } | null {
  try {
    const [onCpu, waiting] = readFileSync('/proc/thread-self/schedstat', 'utf8').split(' ');
    return { cpuMs: Number(onCpu) / 1e6, waitMs: Number(waiting) / 1e6 };
  } catch {
    return null;
  }
}

/** The processes whose parent is `pid`. */
export function childrenOf(pid: number): number[] {
  const out: number[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      // The fields after the command name (which may hold spaces), in brackets: state, then the parent's pid.
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      if (ppid === pid) out.push(Number(entry));
    } catch {
      // ended meanwhile
    }
  }
  return out;
}

/** CPU ms of a process and all its descendants (a server process started through tsx is two processes). */
export function treeCpuMs(pid: number): number {
  return processCpuMs(pid) + childrenOf(pid).reduce((sum, child) => sum + treeCpuMs(child), 0);
}

/** The parent of process `pid` (a PostgreSQL backend's parent is the postmaster), or null. */
export function parentOf(pid: number): number | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
  } catch {
    return null;
  }
}

/** CPU ms so far of each process of a PostgreSQL server on this machine: the children of its postmaster. */
export function postgresCpu(postmaster: number): Map<number, number> {
  return new Map(childrenOf(postmaster).map((pid) => [pid, processCpuMs(pid)]));
}

/**
 * CPU ms PostgreSQL's processes spent between two readings of postgresCpu (its backends, WAL writer,
 * checkpointer...): a process that began between them counts whole; one that ended between them (a pooled connection
 * closed when idle, an autovacuum worker) takes its time with it.
 */
export function postgresCpuSince(before: Map<number, number>, after: Map<number, number>): number {
  let ms = 0;
  for (const [pid, now] of after) ms += Math.max(0, now - (before.get(pid) ?? 0));
  return ms;
}
