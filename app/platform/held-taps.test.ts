import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { HELD_TAP_GLOBAL } from '#common/constants.ts';
import { HELD_TAPS_SCRIPT } from '#server/render/held-taps.ts';
import { replayHeldTap } from './held-taps.ts';

/** Runs the page's first script as the browser would, in this document. */
function runPageScript() {
  const source = HELD_TAPS_SCRIPT.replace(/^<script>/, '').replace(/<\/script>$/, '');
  new Function(source)();
}

describe('a tap before the application has taken the page over', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    document.documentElement.setAttribute('data-hydrating', '');
    document.body.innerHTML =
      '<a id="show" href="/chat/1/amalia"><svg><path id="icon"/></svg>Amalia</a>' +
      '<form id="search"><input name="q"/><button id="go">Go</button></form>';
    runPageScript();
  });
  afterEach(() => {
    replayHeldTap(); // the page stops holding taps
    delete (window as unknown as Record<string, unknown>)[HELD_TAP_GLOBAL];
    document.documentElement.removeAttribute('data-hydrating');
    // The files of a worker share this document: the next one starts from an empty page.
    document.body.innerHTML = '';
    vi.useRealTimers();
  });

  it('is held while hydrating, then played once on the same element', () => {
    const seen: string[] = [];
    const link = document.getElementById('show') as HTMLAnchorElement;
    link.addEventListener('click', (e) => {
      seen.push(`${e.isTrusted ? 'native' : 'replayed'}:${(e.target as Element).id}`);
      e.preventDefault(); // as the router's link does
    });
    const early = new MouseEvent('click', { bubbles: true, cancelable: true });
    document.getElementById('icon')?.dispatchEvent(early);
    expect(early.defaultPrevented).toBe(true); // no page load of its own
    expect(seen).toEqual([]);

    document.documentElement.removeAttribute('data-hydrating');
    replayHeldTap();
    expect(seen).toEqual(['replayed:icon']);
    replayHeldTap();
    expect(seen).toHaveLength(1);
  });

  it('keeps only the last tap: a person who taps twice meant it once', () => {
    const clicks: string[] = [];
    document.body.addEventListener('click', (e) =>
      clicks.push(`${(e.target as Element).id}${e.ctrlKey ? '+ctrl' : ''}`),
    );
    document.getElementById('go')?.dispatchEvent(new MouseEvent('click', { bubbles: true, cancelable: true }));
    document
      .getElementById('icon')
      ?.dispatchEvent(new MouseEvent('click', { bubbles: true, cancelable: true, ctrlKey: true }));
    replayHeldTap();
    // The keys held with it go along: a ctrl-tap on a link still asks for a new tab.
    expect(clicks).toEqual(['icon+ctrl']);
  });

  it('submits a held form again, and drops a tap whose element has gone', () => {
    const form = document.getElementById('search') as HTMLFormElement;
    const submitted = vi.fn((e: Event) => e.preventDefault());
    form.addEventListener('submit', submitted);
    form.dispatchEvent(new Event('submit', { bubbles: true, cancelable: true }));
    expect(submitted).not.toHaveBeenCalled();
    replayHeldTap();
    expect(submitted).toHaveBeenCalledTimes(1);

    runPageScript();
    const link = document.getElementById('show') as HTMLAnchorElement;
    const later = vi.fn();
    link.addEventListener('click', later);
    link.dispatchEvent(new MouseEvent('click', { bubbles: true, cancelable: true }));
    link.remove();
    replayHeldTap();
    expect(later).not.toHaveBeenCalled();
  });

  it('lets taps act natively once the page is taken over, and after the give-up time without the application', () => {
    document.documentElement.removeAttribute('data-hydrating');
    const direct = new MouseEvent('click', { bubbles: true, cancelable: true });
    document.getElementById('go')?.dispatchEvent(direct);
    expect(direct.defaultPrevented).toBe(false);

    document.documentElement.setAttribute('data-hydrating', '');
    vi.advanceTimersByTime(15_000);
    const late = new MouseEvent('click', { bubbles: true, cancelable: true });
    document.getElementById('go')?.dispatchEvent(late);
    expect(late.defaultPrevented).toBe(false);
  });
});
