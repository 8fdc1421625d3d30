/**
 * The two shell calls printing needs, behind a tiny interface so tests pass a
 * fake. src/lib/bridge.ts owns window.agentPortal but exposes no printing
 * calls yet; until it does, this reads the bridge itself and checks that the
 * print methods are really there (an older shell may lack printToPdf).
 */
import type { AgentPortalBridge } from '@agent-portal/contract';

export type TicketPrintBridge = Pick<AgentPortalBridge, 'printHtml' | 'printToPdf'>;

function isPrintBridge(value: unknown): value is TicketPrintBridge {
  if (typeof value !== 'object' || value === null) return false;
  const candidate = value as Record<string, unknown>;
  return typeof candidate.printHtml === 'function' && typeof candidate.printToPdf === 'function';
}

/** The desktop shell's print calls, or null in a plain browser. */
export function shellPrintBridge(): TicketPrintBridge | null {
  if (typeof window === 'undefined') return null;
  const candidate: unknown = Reflect.get(window, 'agentPortal');
  return isPrintBridge(candidate) ? candidate : null;
}
