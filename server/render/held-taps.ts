import { createHash } from 'node:crypto';
import { HELD_TAP_GLOBAL } from '#common/constants.ts';

/**
 * A server-rendered page shows before the application has taken it over (hydrated, and knowing
 * whose session it is). A tap meanwhile must neither fall on markup without its handlers nor act
 * for a stand-in visitor, and must not be lost either: this script, first in the page, holds the
 * last click or form submission while `data-hydrating` is on the root element, and leaves a
 * function that hands it to the application once it has taken over (app/platform/held-taps.ts),
 * which plays it again. Should the application never arrive, a held link is followed after
 * `GIVE_UP_MS` and taps act natively from then on: without JavaScript the page is plain HTML.
 */
const GIVE_UP_MS = 15_000;

const source = `(function(d,w){var r=d.documentElement,held=null,on=true;
function hold(e){if(!on||!r.hasAttribute('data-hydrating'))return;e.preventDefault();e.stopImmediatePropagation();
held={type:e.type,target:e.target,x:e.clientX||0,y:e.clientY||0,ctrl:!!e.ctrlKey,meta:!!e.metaKey,shift:!!e.shiftKey,alt:!!e.altKey};}
function stop(){on=false;d.removeEventListener('click',hold,true);d.removeEventListener('submit',hold,true);}
d.addEventListener('click',hold,true);d.addEventListener('submit',hold,true);
w.${HELD_TAP_GLOBAL}=function(){var h=held;held=null;stop();return h;};
setTimeout(function(){if(!on||!r.hasAttribute('data-hydrating'))return;stop();
var a=held&&held.target.closest&&held.target.closest('a[href]');held=null;if(a)w.location.assign(a.href);},${GIVE_UP_MS});
})(document,window)`.replace(/\n/g, '');

/** The script element, placed before the page's styles and the application's module. */
export const HELD_TAPS_SCRIPT = `<script>${source}</script>`;

/** The script's hash for the Content-Security-Policy: the one inline script the policy allows. */
export const HELD_TAPS_CSP_SOURCE = `'sha256-${createHash('sha256').update(source).digest('base64')}'`;
