import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '#app/http.ts';
import type { PushDevice } from '#common/api/push.ts';
import { type DevicePushState, deviceState, turnOff, turnOn } from './device.ts';

const DEVICE_KEY = ['push', 'device'] as const;
const DEVICES_KEY = ['push', 'devices'] as const;

/** Whether this browser takes pushes: unsupported, denied, on or off (read from the browser). */
export const useDevicePush = () => useQuery({ queryKey: DEVICE_KEY, queryFn: deviceState, staleTime: Infinity });

/** Turns this device's pushes on (with the permission prompt) or off. */
export function useSetDevicePush() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (on: boolean): Promise<DevicePushState> => (on ? turnOn() : turnOff()),
    onSuccess: (state) => client.setQueryData(DEVICE_KEY, state),
    onSettled: () => client.invalidateQueries({ queryKey: DEVICES_KEY }),
  });
}

/** GET /push/subscriptions: the member's devices that take pushes. */
export const usePushDevices = () =>
  useQuery({ queryKey: DEVICES_KEY, queryFn: () => api<{ data: PushDevice[] }>('GET', 'push/subscriptions') });

export function useRemovePushDevice() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api('DELETE', `push/subscriptions/${id}`),
    onSettled: () => {
      void client.invalidateQueries({ queryKey: DEVICES_KEY });
      // It may have been this browser.
      void client.invalidateQueries({ queryKey: DEVICE_KEY });
    },
  });
}
