import type { Logger } from '../services/ports';

/** Log lines on stdout/stderr (collected by the OS or the launcher). Never logs secrets: callers pass none. */
export function consoleLogger(scope = 'shell'): Logger {
  const line = (level: string, message: string, details?: Record<string, unknown>) =>
    `${new Date().toISOString()} ${level} [${scope}] ${message}${details ? ` ${JSON.stringify(details)}` : ''}`;
  return {
    info: (message, details) => console.log(line('INFO', message, details)),
    warn: (message, details) => console.warn(line('WARN', message, details)),
    error: (message, details) => console.error(line('ERROR', message, details)),
  };
}
