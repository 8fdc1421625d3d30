/**
 * How tickets print at this counter: printer (system name), paper, copies and
 * whether a sale prints by itself. In the desktop shell they live in the
 * shell's settings (shared with its print queue); in a plain browser, in
 * local storage (the printer is then chosen in the browser's dialog).
 *
 * Auto-print after a sale is on by default in the desktop shell (it prints
 * silently to the chosen printer) and off in a browser, where every print
 * opens the print dialog and would stop the agent after each sale; an agent
 * may still turn it on there.
 */
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { PrinterSettings } from '@agent-portal/contract';
import { DESKTOP_PRINTER_DEFAULTS } from '@agent-portal/contract/plain';
import { getShellSettings, isDesktop, saveShellSettings } from './bridge';

export type PrintPreferences = PrinterSettings;

const STORAGE_KEY = 'agent-portal.print-preferences';
export const DEFAULT_PRINT_PREFERENCES: PrintPreferences = {
  deviceName: null,
  paper: '80mm',
  copies: 1,
  autoPrintAfterSale: false,
};
const QUERY_KEY = ['print-preferences'] as const;

function readStored(): Partial<PrintPreferences> {
  try {
    const raw = window.localStorage.getItem(STORAGE_KEY);
    const parsed: unknown = raw ? JSON.parse(raw) : {};
    return typeof parsed === 'object' && parsed !== null ? (parsed as Partial<PrintPreferences>) : {};
  } catch {
    return {};
  }
}

function sanitize(value: Partial<PrintPreferences>): PrintPreferences {
  const paper =
    value.paper === '58mm' || value.paper === '80mm' || value.paper === 'A4'
      ? value.paper
      : DEFAULT_PRINT_PREFERENCES.paper;
  const copies =
    Number.isInteger(value.copies) && (value.copies as number) >= 1 && (value.copies as number) <= 5
      ? (value.copies as number)
      : 1;
  return {
    deviceName: typeof value.deviceName === 'string' && value.deviceName ? value.deviceName : null,
    paper,
    copies,
    autoPrintAfterSale: value.autoPrintAfterSale === true,
  };
}

export async function loadPrintPreferences(): Promise<PrintPreferences> {
  if (isDesktop()) {
    const settings = await getShellSettings();
    return settings ? settings.printer : DESKTOP_PRINTER_DEFAULTS;
  }
  return sanitize(readStored());
}

/** Saves and answers the preferences now in force; throws with the shell's reason when it refuses. */
export async function savePrintPreferences(change: Partial<PrintPreferences>): Promise<PrintPreferences> {
  const next = sanitize({ ...(await loadPrintPreferences()), ...change });
  if (isDesktop()) {
    const result = await saveShellSettings({ printer: next });
    if (!result.ok) throw new Error(result.error.reason);
    return result.value.printer;
  }
  window.localStorage.setItem(STORAGE_KEY, JSON.stringify(next));
  return next;
}

export function usePrintPreferences() {
  const queryClient = useQueryClient();
  const query = useQuery({ queryKey: QUERY_KEY, queryFn: loadPrintPreferences, staleTime: Infinity });
  const save = async (change: Partial<PrintPreferences>) => {
    const saved = await savePrintPreferences(change);
    queryClient.setQueryData(QUERY_KEY, saved);
    return saved;
  };
  return { preferences: query.data ?? DEFAULT_PRINT_PREFERENCES, isLoading: query.isLoading, save };
}
