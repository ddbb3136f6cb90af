import { parseEngines } from './live-engines.ts';
import { budgetFor, JANUS_TIMES_WERIFT, WERIFT_BUDGET } from './live-report.ts';

describe('the engines a live bench run compares', () => {
  it('runs werift alone unless told otherwise, and the listed engines in their order', () => {
    expect(parseEngines(undefined)).toEqual(['werift']);
    expect(parseEngines('janus, werift')).toEqual(['janus', 'werift']);
  });

  it('refuses unknown, repeated or no engines', () => {
    expect(() => parseEngines('werift,mediasoup')).toThrow(/BENCH_ENGINES/);
    expect(() => parseEngines('werift,werift')).toThrow(/BENCH_ENGINES/);
    expect(() => parseEngines(' , ')).toThrow(/BENCH_ENGINES/);
  });

  it("holds Janus to three times werift's viewers a core of the same run, else of werift's budget", () => {
    expect(budgetFor('werift', 250)).toEqual(WERIFT_BUDGET);
    expect(budgetFor('janus', 250).viewersPerCore).toBe(JANUS_TIMES_WERIFT * 250);
    expect(budgetFor('janus', null).viewersPerCore).toBe(JANUS_TIMES_WERIFT * WERIFT_BUDGET.viewersPerCore);
    expect(budgetFor('janus', 250)).toMatchObject({ glassP50Ms: 150, firstFrameP50Ms: 500 });
  });
});
