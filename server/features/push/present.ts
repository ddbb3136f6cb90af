import type { PushDevice } from '#common/api/push.ts';
import type { PushDeviceRow } from './data.ts';

export const presentPushDevices = (rows: PushDeviceRow[]): { data: PushDevice[] } => ({
  data: rows.map((r) => ({
    id: r.id,
    label: r.label,
    locale: r.locale,
    created_at: r.createdAt.toISOString(),
    last_success_at: r.lastSuccessAt?.toISOString() ?? null,
  })),
});
