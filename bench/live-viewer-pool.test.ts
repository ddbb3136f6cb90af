import { spread } from './live-viewer-pool.ts';

describe('spreading viewers over processes', () => {
  it('fills the last process up before starting another', () => {
    expect(spread([100, 60], 70, 100)).toEqual([0, 40, 30]);
  });

  it('starts as many processes as the new viewers need, none fuller than allowed', () => {
    expect(spread([], 250, 100)).toEqual([100, 100, 50]);
  });

  it('puts everyone in one process when the limit allows', () => {
    expect(spread([200], 50, 1000)).toEqual([50]);
  });
});
