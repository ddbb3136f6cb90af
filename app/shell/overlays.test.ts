import { describe, expect, it } from 'vitest';
import { currentOverlay, type OverlayNeeds } from './overlays.ts';

const none: OverlayNeeds = { age_gate: false, consent: false, welcome: false, incentive: false };

describe('the first screen’s overlays', () => {
  it('shows the 18+ gate alone, before the consent banner and the incentive', () => {
    expect(currentOverlay({ age_gate: true, consent: true, welcome: false, incentive: true })).toBe('age_gate');
  });

  it('asks for consent next, before the welcome gift or the incentive', () => {
    expect(currentOverlay({ ...none, consent: true, incentive: true })).toBe('consent');
    expect(currentOverlay({ ...none, consent: true, welcome: true })).toBe('consent');
  });

  it('then the member’s welcome gift or the visitor’s incentive', () => {
    expect(currentOverlay({ ...none, welcome: true })).toBe('welcome');
    expect(currentOverlay({ ...none, incentive: true })).toBe('incentive');
    expect(currentOverlay({ ...none, welcome: true, incentive: true })).toBe('welcome');
  });

  it('shows nothing when nothing is needed', () => {
    expect(currentOverlay(none)).toBeNull();
  });
});
