/**
 * The bridge between the portal and the shell: window.agentPortal has
 * exactly one method per IPC channel, each a plain invoke. Nothing else
 * (no ipcRenderer, no Node) reaches the page. Built as CommonJS: sandboxed
 * preloads cannot be ES modules.
 */
import { contextBridge, ipcRenderer } from 'electron';
import type { AgentPortalBridge, IpcMethod } from '@agent-portal/contract';
import { PRELOAD_CHANNELS } from './channels';

function buildBridge(): AgentPortalBridge {
  const bridge: Record<string, (input?: unknown) => Promise<unknown>> = {};
  for (const method of Object.keys(PRELOAD_CHANNELS) as IpcMethod[]) {
    const channel = PRELOAD_CHANNELS[method];
    bridge[method] = (input?: unknown) => ipcRenderer.invoke(channel, input);
  }
  return Object.freeze(bridge) as unknown as AgentPortalBridge;
}

contextBridge.exposeInMainWorld('agentPortal', buildBridge());
