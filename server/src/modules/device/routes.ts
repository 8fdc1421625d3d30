import { deviceApi } from '@agent-portal/contract';
import type { RouteRegistrar } from '../../http/routes';
import type { DeviceService } from './service';

export function registerDeviceRoutes(routes: RouteRegistrar, devices: DeviceService): void {
  routes.add(deviceApi.register, {
    handler: ({ body }) => devices.register(body.deviceId, body.deviceType, body.deviceSecret),
  });
}
