import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { VIDEO } from '#app/theme/video.ts';
import type { LiveViewer } from './live-viewer.ts';
import { type LiveFigures, liveFigures } from './stats.ts';

type Stat = Record<string, unknown> & { type: string; id: string; timestamp: number };

/** `?debug=live`: the connection's figures from getStats, once a second, over the video. */
export function LiveDebug({ viewer, firstFrameMs }: { viewer: LiveViewer | null; firstFrameMs: number | null }) {
  const { t } = useTranslation();
  const [figures, setFigures] = useState<LiveFigures | null>(null);
  useEffect(() => {
    let previous: Stat[] | null = null;
    const timer = setInterval(async () => {
      const pc = viewer?.connection;
      if (!pc) return;
      const report = [...(await pc.getStats()).values()] as Stat[];
      setFigures(liveFigures(previous, report, firstFrameMs));
      previous = report;
    }, 1_000);
    return () => clearInterval(timer);
  }, [viewer, firstFrameMs]);
  const show = (v: number | null | undefined, unit: string) => (v == null ? t('live.debug.unknown') : `${v} ${unit}`);
  const rows: [string, string][] = [
    [t('live.debug.first_frame'), show(firstFrameMs === null ? null : Math.round(firstFrameMs), 'ms')],
    [t('live.debug.bitrate'), show(figures?.bitrateKbps, 'kbit/s')],
    [t('live.debug.loss'), show(figures?.lossPercent, '%')],
    [t('live.debug.delay'), show(figures?.delayMs, 'ms')],
    [
      t('live.debug.size'),
      figures?.width
        ? `${figures.width}×${figures.height} @ ${figures.framesPerSecond ?? '?'} fps`
        : t('live.debug.unknown'),
    ],
  ];
  return (
    <Box
      data-testid="live-debug"
      sx={{
        position: 'absolute',
        top: 8,
        right: 8,
        p: 1,
        bgcolor: VIDEO.scrimDark,
        color: VIDEO.text,
        borderRadius: 1,
      }}
    >
      <Typography variant="caption" component="h3" sx={{ fontWeight: 700 }}>
        {t('live.debug.title')}
      </Typography>
      <Box component="dl" sx={{ m: 0, display: 'grid', gridTemplateColumns: 'auto auto', columnGap: 1, fontSize: 12 }}>
        {rows.map(([label, value]) => (
          <Box key={label} sx={{ display: 'contents' }}>
            <dt>{label}</dt>
            <Box component="dd" sx={{ m: 0, fontVariantNumeric: 'tabular-nums' }}>
              {value}
            </Box>
          </Box>
        ))}
      </Box>
    </Box>
  );
}
