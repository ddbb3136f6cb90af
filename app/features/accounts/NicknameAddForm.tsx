import { zodResolver } from '@hookform/resolvers/zod';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useMemo } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { apiErrorKey, applyFieldErrors } from '#app/features/auth/errors.ts';
import { fieldProps } from '#app/features/auth/formField.ts';
import { useAddNickname } from '#app/features/nicknames/api.ts';
import { usePublicConfig } from '#app/features/session/api.ts';
import { FormAlert } from '#app/ui/FormAlert.tsx';
import { nicknameBody } from '#common/api/accounts.ts';
import type { User } from '#common/api/auth.ts';
import { NICKNAME_MAX } from '#common/constants.ts';
import { nameRules } from '#common/domain/name-blocklist.ts';
import { nicknameRefusalKey } from '#common/domain/nickname.ts';

type Values = z.input<typeof nicknameBody>;

/**
 * What the field takes: well past the rule's 15, so a longer name is refused with its reason
 * instead of being cut by the browser to a name she did not choose; still a bound for pastes.
 */
const INPUT_MAX = NICKNAME_MAX * 4;

/**
 * A new nickname: 3 to 15 letters, digits, dot, underscore or hyphen, and no staff, site or
 * offensive name (checked here and on the server). `onAdded` hears the member as the server
 * answered it (the chat starts with her new current nickname).
 */
export function NicknameAddForm({ onAdded }: { onAdded?: (user: User) => void } = {}) {
  const { t } = useTranslation();
  const add = useAddNickname();
  const { site, name_blocklist } = usePublicConfig();
  const rules = useMemo(
    () => nameRules({ siteNames: [site.name], extra: name_blocklist }),
    [site.name, name_blocklist],
  );
  const form = useForm<Values, unknown, z.output<typeof nicknameBody>>({
    resolver: zodResolver(nicknameBody),
    defaultValues: { nickname: '' },
  });
  const submit = form.handleSubmit(({ nickname }) => {
    const refused = nicknameRefusalKey(nickname, rules);
    if (refused) {
      form.setError('nickname', { message: refused }, { shouldFocus: true });
      return;
    }
    add.mutate(nickname, {
      onSuccess: ({ user }) => {
        form.reset();
        onAdded?.(user);
      },
      onError: (err) => applyFieldErrors(err, form.setError, ['nickname']),
    });
  });
  const onField = Boolean(form.formState.errors.nickname);
  return (
    <Stack component="form" noValidate onSubmit={submit} spacing={1} aria-label={t('nicknames.add_title')}>
      {add.isError && !onField && <FormAlert message={apiErrorKey(add.error)} />}
      <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-start' }}>
        <TextField
          {...fieldProps(form, 'nickname', t)}
          label={t('nicknames.new')}
          size="small"
          autoComplete="off"
          fullWidth
          slotProps={{ htmlInput: { maxLength: INPUT_MAX } }}
        />
        <Button type="submit" variant="contained" loading={add.isPending} sx={{ flexShrink: 0, minHeight: 40 }}>
          {t('nicknames.add')}
        </Button>
      </Stack>
    </Stack>
  );
}
