import { createRequire } from 'node:module';
import type { MachineIdPort } from '../services/device-registration';

// node-machine-id is a CommonJS bundle whose exports Node cannot name from ESM; require it.
const require = createRequire(import.meta.url);

export const nodeMachineId: MachineIdPort = {
  rawId: () => (require('node-machine-id') as typeof import('node-machine-id')).machineId(true),
};
