import { IPC_CHANNELS, type IpcChannels, type IpcMethod, type IpcResult } from '@agent-portal/contract';
import type { z } from 'zod';
import { isShellError } from '../services/shell-error';
import type { Logger } from '../services/ports';
import { isTrustedSender, type SenderInfo, type TrustedSender } from './sender-guard';

/**
 * One handler per entry of IPC_CHANNELS. Each call is checked (sender frame,
 * input schema), run, checked again (output schema) and answered as an
 * IpcResult: nothing is ever thrown across IPC.
 */
export type IpcHandlers = {
  [K in IpcMethod]: (
    input: z.output<IpcChannels[K]['input']>,
  ) => Promise<z.input<IpcChannels[K]['output']>> | z.input<IpcChannels[K]['output']>;
};

/** The port ipcMain sits behind: handle(channel, listener) like ipcMain.handle. */
export interface IpcRegistrar {
  handle(channel: string, listener: (sender: SenderInfo, input: unknown) => Promise<IpcResult<unknown>>): void;
}

const CHANNEL_TO_METHOD = new Map<string, IpcMethod>(
  (Object.keys(IPC_CHANNELS) as IpcMethod[]).map((method) => [IPC_CHANNELS[method].channel, method]),
);

export function createIpcDispatcher(handlers: IpcHandlers, trusted: TrustedSender, logger: Logger) {
  return async function dispatch(channel: string, sender: SenderInfo, input: unknown): Promise<IpcResult<unknown>> {
    const method = CHANNEL_TO_METHOD.get(channel);
    if (!method) return refuse('UNKNOWN_CHANNEL', `No channel "${channel}"`);
    if (!isTrustedSender(sender, trusted)) {
      logger.warn('IPC call refused: untrusted sender', { channel, frameUrl: sender.frameUrl });
      return refuse('FORBIDDEN_SENDER');
    }
    const entry = IPC_CHANNELS[method];
    const parsed = (entry.input as z.ZodType).safeParse(input);
    if (!parsed.success) {
      return refuse(
        'INVALID_INPUT',
        parsed.error.issues.map((i) => `${i.path.join('.') || 'input'}: ${i.message}`).join('; '),
      );
    }
    try {
      const handler = handlers[method] as (value: unknown) => unknown;
      const value = await handler(parsed.data);
      const output = (entry.output as z.ZodType).safeParse(value);
      if (!output.success) {
        logger.error('IPC handler answered outside its schema', { channel });
        return refuse('SHELL_ERROR');
      }
      return { ok: true, value: output.data };
    } catch (error) {
      if (isShellError(error)) return refuse(error.reason, error.message);
      logger.error('IPC handler failed', { channel, error: error instanceof Error ? error.message : String(error) });
      return refuse('SHELL_ERROR');
    }
  };
}

/** Registers exactly the channels of IPC_CHANNELS, each through the dispatcher. */
export function registerIpc(
  registrar: IpcRegistrar,
  handlers: IpcHandlers,
  trusted: TrustedSender,
  logger: Logger,
): string[] {
  const dispatch = createIpcDispatcher(handlers, trusted, logger);
  const channels = [...CHANNEL_TO_METHOD.keys()];
  for (const channel of channels) registrar.handle(channel, (sender, input) => dispatch(channel, sender, input));
  return channels;
}

function refuse(reason: string, message?: string): IpcResult<never> {
  return { ok: false, error: message === undefined ? { reason } : { reason, message } };
}
