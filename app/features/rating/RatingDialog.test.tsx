import { fireEvent, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, onTestFinished, vi } from 'vitest';
import { i18n } from '#app/i18n.ts';
import { mockViewportWidth } from '#app/test/match-media.ts';
import { renderWithProviders } from '#app/test/render.tsx';
import { RatingDialog } from './RatingDialog.tsx';

const renderDialog = (props: Partial<Parameters<typeof RatingDialog>[0]> = {}, width = 1280) => {
  const restore = mockViewportWidth(width);
  onTestFinished(restore);
  const onSave = vi.fn(async (_percent: number) => undefined);
  const onClose = vi.fn();
  renderWithProviders(<RatingDialog open onClose={onClose} onSave={onSave} saving={false} {...props} />);
  return { onSave, onClose };
};

const save = () => screen.getByRole('button', { name: i18n.t('rating.save') });
const stars = () => screen.getAllByRole('radio').filter((r) => (r as HTMLInputElement).value !== '');

describe('rating dialog', () => {
  it('offers 10 stars on wide screens and saves the stars as a percent, then thanks', async () => {
    const user = userEvent.setup();
    const { onSave } = renderDialog();
    expect(stars()).toHaveLength(10);
    expect(save()).toBeDisabled();
    fireEvent.click(screen.getByLabelText(i18n.t('rating.stars', { count: 7, max: 10 })));
    expect(screen.getByText(i18n.t('rating.value', { percent: 70 }))).toBeInTheDocument();
    expect(save()).toBeEnabled();
    await user.click(save());
    expect(onSave).toHaveBeenCalledWith(70, '');
    expect(await screen.findByRole('status')).toHaveTextContent(i18n.t('rating.thanks'));
    expect(screen.queryByRole('button', { name: i18n.t('rating.save') })).not.toBeInTheDocument();
  });

  it('offers 5 stars on phones (below 600 px): 3 stars are 60%', async () => {
    const user = userEvent.setup();
    const { onSave } = renderDialog({}, 390);
    expect(stars()).toHaveLength(5);
    fireEvent.click(screen.getByLabelText(i18n.t('rating.stars', { count: 3, max: 5 })));
    await user.click(save());
    expect(onSave).toHaveBeenCalledWith(60, '');
  });

  it('thumbs down sets one star, thumbs up the maximum', async () => {
    const user = userEvent.setup();
    const { onSave } = renderDialog();
    await user.click(screen.getByRole('button', { name: i18n.t('rating.thumbs_down') }));
    expect(screen.getByLabelText(i18n.t('rating.stars', { count: 1, max: 10 }))).toBeChecked();
    await user.click(save());
    expect(onSave).toHaveBeenLastCalledWith(10, '');
  });

  it('thumbs up on a phone gives 100%', async () => {
    const user = userEvent.setup();
    const { onSave } = renderDialog({}, 390);
    await user.click(screen.getByRole('button', { name: i18n.t('rating.thumbs_up') }));
    expect(screen.getByLabelText(i18n.t('rating.stars', { count: 5, max: 5 }))).toBeChecked();
    await user.click(save());
    expect(onSave).toHaveBeenCalledWith(100, '');
  });

  it('starts from an earlier rating and shows a failed save', async () => {
    const user = userEvent.setup();
    renderDialog({ onSave: () => Promise.reject(new Error('offline')), initialPercent: 40 });
    expect(screen.getByLabelText(i18n.t('rating.stars', { count: 4, max: 10 }))).toBeChecked();
    await user.click(save());
    expect(await screen.findByText(i18n.t('rating.failed'))).toBeInTheDocument();
    expect(save()).toBeEnabled();
  });

  it('asks for a comment only when told, and passes it on trimmed', async () => {
    const user = userEvent.setup();
    const { onSave } = renderDialog({ withComment: true });
    await user.click(screen.getByRole('button', { name: i18n.t('rating.thumbs_up') }));
    await user.type(screen.getByRole('textbox', { name: i18n.t('rating.comment') }), '  Lovely evening ');
    await user.click(save());
    expect(onSave).toHaveBeenCalledWith(100, 'Lovely evening');
  });

  it('has no comment field by default', () => {
    renderDialog();
    expect(screen.queryByRole('textbox')).toBeNull();
  });

  it('disables save while the rating is saved', () => {
    renderDialog({ saving: true, initialPercent: 80 });
    expect(save()).toBeDisabled();
  });

  it('speaks German', () => {
    renderWithProviders(<RatingDialog open onClose={() => {}} onSave={() => {}} saving={false} />, { lang: 'de' });
    expect(screen.getByRole('button', { name: 'Speichern' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Daumen hoch: höchste Bewertung' })).toBeInTheDocument();
  });
});
