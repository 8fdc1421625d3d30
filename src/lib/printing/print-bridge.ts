/**
 * The two shell calls printing needs, behind a tiny interface so tests pass a
 * fake; src/lib/bridge.ts owns window.agentPortal.
 */
import type { AgentPortalBridge } from '@agent-portal/contract';
import { printBridge } from '../bridge';

export type TicketPrintBridge = Pick<AgentPortalBridge, 'printHtml' | 'printToPdf'>;

/** The desktop shell's print calls, or null in a plain browser. */
export function shellPrintBridge(): TicketPrintBridge | null {
  return printBridge();
}
