import { act } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '#app/test/render.tsx';
import { useScrollMemory } from './scroll-memory.ts';

function Page({ ready }: { ready: boolean }) {
  useScrollMemory(ready);
  return null;
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe('scroll memory', () => {
  it('restores each route to where it was left, and a new route to the top', async () => {
    const scrollTo = vi.spyOn(window, 'scrollTo').mockImplementation(() => {});
    const view = renderWithProviders(<Page ready />, { route: '/shows/all-shows' });
    expect(scrollTo).toHaveBeenLastCalledWith({ top: 0, left: 0 });
    Object.defineProperty(window, 'scrollY', { value: 1234, configurable: true });
    act(() => void window.dispatchEvent(new Event('scroll')));
    await act(() => view.router.navigate('/shows/all-shows?page=2'));
    expect(scrollTo).toHaveBeenLastCalledWith({ top: 0, left: 0 });
    Object.defineProperty(window, 'scrollY', { value: 50, configurable: true });
    await act(() => view.router.navigate(-1));
    expect(scrollTo).toHaveBeenLastCalledWith({ top: 1234, left: 0 });
    Object.defineProperty(window, 'scrollY', { value: 0, configurable: true });
  });

  it('waits until the content is there', () => {
    const scrollTo = vi.spyOn(window, 'scrollTo').mockImplementation(() => {});
    const view = renderWithProviders(<Page ready={false} />, { route: '/shows/categories' });
    expect(scrollTo).not.toHaveBeenCalled();
    view.unmount();
  });
});
