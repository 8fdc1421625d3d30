/**
 * The bridge between the portal and the shell: window.agentPortal has
 * exactly one method per IPC channel, each a plain invoke. Nothing else
 * (no ipcRenderer, no Node) reaches the page. Built as CommonJS: sandboxed
 * preloads cannot be ES modules.
 */
import { contextBridge, ipcRenderer } from 'electron';
import type { AgentPortalBridge } from '@agent-portal/contract';
// The zod-free entry: the sandboxed preload stays one small file without zod.
import { IPC_CHANNEL_NAMES, type IpcMethod } from '@agent-portal/contract/plain';

function buildBridge(): AgentPortalBridge {
  const bridge: Record<string, (input?: unknown) => Promise<unknown>> = {};
  for (const method of Object.keys(IPC_CHANNEL_NAMES) as IpcMethod[]) {
    const channel = IPC_CHANNEL_NAMES[method];
    bridge[method] = (input?: unknown) => ipcRenderer.invoke(channel, input);
  }
  return Object.freeze(bridge) as unknown as AgentPortalBridge;
}

contextBridge.exposeInMainWorld('agentPortal', buildBridge());
