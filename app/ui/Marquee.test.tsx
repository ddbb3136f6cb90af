import { render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { mockMatchMedia } from '#app/test/match-media.ts';
import { MARQUEE_HOST, Marquee } from './Marquee.tsx';

let restore: Array<() => void> = [];
afterEach(() => {
  for (const r of restore) r();
  restore = [];
});

/** jsdom lays nothing out: the text's and the box's widths, as a browser would measure them. */
function widths(text: number, box: number) {
  const scroll = Object.getOwnPropertyDescriptor(HTMLElement.prototype, 'scrollWidth');
  const client = Object.getOwnPropertyDescriptor(HTMLElement.prototype, 'clientWidth');
  Object.defineProperty(HTMLElement.prototype, 'scrollWidth', { configurable: true, get: () => text });
  Object.defineProperty(HTMLElement.prototype, 'clientWidth', { configurable: true, get: () => box });
  restore.push(() => {
    if (scroll) Object.defineProperty(HTMLElement.prototype, 'scrollWidth', scroll);
    if (client) Object.defineProperty(HTMLElement.prototype, 'clientWidth', client);
  });
}

const show = (name: string) =>
  render(
    <div className={MARQUEE_HOST}>
      <Marquee>{name}</Marquee>
    </div>,
  );

const marqueeOf = (name: string) => screen.getByText(name).parentElement;

describe('Marquee', () => {
  it('stays still when the text fits', () => {
    restore.push(mockMatchMedia(() => false));
    widths(100, 160);
    show('Amalia');
    expect(marqueeOf('Amalia')).not.toHaveAttribute('data-marquee');
  });

  it('runs 4 s a pass for a little overflow and 10 s for a lot, as far as the text is hidden', () => {
    restore.push(mockMatchMedia(() => false));
    widths(200, 160);
    show('Amalia the Sunny');
    expect(marqueeOf('Amalia the Sunny')).toHaveAttribute('data-marquee', '4');
    expect(marqueeOf('Amalia the Sunny')?.style.getPropertyValue('--marquee-shift')).toBe('-40px');
    widths(400, 160);
    show('Amalia the Sunny from the Seaside');
    expect(marqueeOf('Amalia the Sunny from the Seaside')).toHaveAttribute('data-marquee', '10');
  });

  it('does not move for a reader who asked for reduced motion, and keeps the whole text', () => {
    restore.push(mockMatchMedia((query) => query.includes('prefers-reduced-motion')));
    widths(400, 160);
    show('Amalia the Sunny from the Seaside');
    expect(marqueeOf('Amalia the Sunny from the Seaside')).not.toHaveAttribute('data-marquee');
    expect(screen.getByText('Amalia the Sunny from the Seaside')).toBeInTheDocument();
  });
});
