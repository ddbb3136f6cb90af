import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import { useTranslation } from 'react-i18next';
import type { Nickname } from '#common/api/auth.ts';
import { CONVERSATION_NAME_FILTER_MIN, CONVERSATION_ORDERS } from '#common/constants.ts';
import type { ConversationFilters as Filters } from './api.ts';

/**
 * The list's filters: the show's name (counts from 3 characters), the nickname the member wrote
 * under, unread only, and the order (latest message, latest chat, online first).
 */
export function ConversationFilters({
  value,
  onChange,
  nicknames,
}: {
  value: Filters;
  onChange: (next: Filters) => void;
  nicknames: readonly Nickname[];
}) {
  const { t } = useTranslation();
  const set = (patch: Partial<Filters>) => onChange({ ...value, ...patch });
  const short = value.showname.trim().length > 0 && value.showname.trim().length < CONVERSATION_NAME_FILTER_MIN;
  return (
    <Stack spacing={1} sx={{ p: 1.5 }} role="search" aria-label={t('messages.filters.label')}>
      <TextField
        size="small"
        type="search"
        label={t('messages.filters.showname')}
        value={value.showname}
        onChange={(e) => set({ showname: e.target.value })}
        helperText={short ? t('messages.filters.showname_min', { count: CONVERSATION_NAME_FILTER_MIN }) : undefined}
        slotProps={{ htmlInput: { maxLength: 100 } }}
      />
      <Stack direction="row" spacing={1}>
        <TextField
          select
          size="small"
          label={t('messages.filters.nickname')}
          value={value.nickname}
          onChange={(e) => set({ nickname: Number(e.target.value) })}
          sx={{ flex: 1, minWidth: 0 }}
        >
          <MenuItem value={0}>{t('messages.filters.all_nicknames')}</MenuItem>
          {nicknames.map((n) => (
            <MenuItem key={n.id} value={n.id}>
              {n.nickname}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          select
          size="small"
          label={t('messages.filters.order')}
          value={value.order}
          onChange={(e) => set({ order: e.target.value as Filters['order'] })}
          sx={{ flex: 1, minWidth: 0 }}
        >
          {CONVERSATION_ORDERS.map((o) => (
            <MenuItem key={o} value={o}>
              {t(`messages.filters.orders.${o}`)}
            </MenuItem>
          ))}
        </TextField>
      </Stack>
      <FormControlLabel
        control={<Switch checked={value.unread} onChange={(e) => set({ unread: e.target.checked })} />}
        label={t('messages.filters.unread')}
      />
    </Stack>
  );
}
