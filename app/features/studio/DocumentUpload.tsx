import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '#app/http.ts';
import { DOCUMENT_MAX_BYTES, DOCUMENT_TYPES, type DocumentKind } from '#common/api/onboarding.ts';
import { useUploadDocument } from './onboarding-api.ts';

/** One identity picture: its state, a file picker (camera on phones), upload progress and errors. */
export function DocumentUpload({
  kind,
  uploaded,
  disabled,
}: {
  kind: DocumentKind;
  uploaded: boolean;
  disabled: boolean;
}) {
  const { t } = useTranslation();
  const upload = useUploadDocument();
  const [problem, setProblem] = useState<string | null>(null);
  const inputId = useId();
  const hintId = useId();
  const pick = (file: File | undefined) => {
    if (!file) return;
    if (file.size > DOCUMENT_MAX_BYTES) return setProblem('studio.onboarding.fileTooBig');
    setProblem(null);
    upload.mutate(
      { kind, file },
      {
        onError: (err) =>
          setProblem(
            err instanceof ApiError && err.status === 415
              ? 'studio.onboarding.fileType'
              : err instanceof ApiError && err.status === 413
                ? 'studio.onboarding.fileTooBig'
                : 'studio.onboarding.uploadFailed',
          ),
      },
    );
  };
  return (
    <Stack spacing={1} data-testid={`document-${kind}`}>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
        {uploaded && <CheckCircleIcon color="success" fontSize="small" aria-hidden />}
        <Typography component="h3" variant="subtitle1" sx={{ fontWeight: 600 }}>
          {t(`studio.onboarding.${kind}`)}
        </Typography>
      </Stack>
      <Typography variant="body2" color="text.secondary" role="status">
        {upload.isPending
          ? t('studio.onboarding.uploading')
          : uploaded
            ? t('studio.onboarding.uploaded')
            : t('studio.onboarding.notUploaded')}
      </Typography>
      <input
        id={inputId}
        type="file"
        accept={DOCUMENT_TYPES.join(',')}
        hidden
        disabled={disabled || upload.isPending}
        aria-describedby={hintId}
        onChange={(e) => {
          pick(e.target.files?.[0]);
          e.target.value = '';
        }}
        data-testid={`file-${kind}`}
      />
      {!disabled && (
        <>
          <Button
            component="label"
            htmlFor={inputId}
            variant="outlined"
            disabled={disabled}
            loading={upload.isPending}
            sx={{ alignSelf: 'flex-start' }}
          >
            {t(uploaded ? 'studio.onboarding.replace' : 'studio.onboarding.choose')}
          </Button>
          <Typography id={hintId} variant="caption" color="text.secondary">
            {t('studio.onboarding.fileHint')}
          </Typography>
        </>
      )}
      {problem && <Alert severity="error">{t(problem)}</Alert>}
    </Stack>
  );
}
