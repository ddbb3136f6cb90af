import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { LoadState } from '#app/ui/LoadState.tsx';
import { usePushDevices, useRemovePushDevice } from './api.ts';

/** The member's devices that take pushes (settings), each removable; none listed when there are none. */
export function PushDevices() {
  const { t, i18n } = useTranslation();
  const devices = usePushDevices();
  const remove = useRemovePushDevice();
  if (devices.isPending) return null;
  if (devices.isError) return <LoadState kind="error" text={t('push.devices.failed')} />;
  const date = (iso: string) => new Date(iso).toLocaleDateString(i18n.language);
  return (
    <div>
      <Typography component="h3" variant="subtitle2" sx={{ mt: 1 }}>
        {t('push.devices.title')}
      </Typography>
      {devices.data.data.length === 0 ? (
        <Typography variant="body2" color="text.secondary">
          {t('push.devices.empty')}
        </Typography>
      ) : (
        <List dense aria-label={t('push.devices.title')}>
          {devices.data.data.map((d) => (
            <ListItem
              key={d.id}
              disableGutters
              secondaryAction={
                <IconButton
                  edge="end"
                  aria-label={t('push.devices.remove', { label: d.label })}
                  disabled={remove.isPending && remove.variables === d.id}
                  onClick={() => remove.mutate(d.id)}
                >
                  <DeleteOutlined />
                </IconButton>
              }
            >
              <ListItemText primary={d.label} secondary={t('push.devices.since', { date: date(d.created_at) })} />
            </ListItem>
          ))}
        </List>
      )}
    </div>
  );
}
