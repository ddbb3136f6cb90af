import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '#app/test/render.tsx';
import { SectionCard } from './SectionCard.tsx';

const scrolled = vi.fn();
afterEach(() => {
  scrolled.mockReset();
  // jsdom has no scrollIntoView of its own: the stand-in goes with the test.
  Reflect.deleteProperty(Element.prototype, 'scrollIntoView');
});

function page(route: string) {
  Element.prototype.scrollIntoView = function (this: Element) {
    scrolled(this.id);
  };
  renderWithProviders(
    <>
      <SectionCard id="nicknames" title="Nicknames">
        <p>names</p>
      </SectionCard>
      <SectionCard id="your-data" title="Your data">
        <p>copy</p>
      </SectionCard>
    </>,
    { route },
  );
}

describe('SectionCard', () => {
  it('is a region named by its heading', async () => {
    page('/users/profile/settings');
    expect(await screen.findByRole('region', { name: 'Your data' })).toHaveAttribute('id', 'your-data');
  });

  it('scrolls itself into view when the address names it (a mailed link to #your-data)', async () => {
    page('/users/profile/settings?data_export=abc#your-data');
    await screen.findByRole('region', { name: 'Your data' });
    expect(scrolled).toHaveBeenCalledTimes(1);
    expect(scrolled).toHaveBeenCalledWith('your-data');
  });

  it('leaves the page where it is without an anchor', async () => {
    page('/users/profile/settings');
    await screen.findByRole('region', { name: 'Nicknames' });
    expect(scrolled).not.toHaveBeenCalled();
  });
});
