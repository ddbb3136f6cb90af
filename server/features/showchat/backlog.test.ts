import { describe, expect, it } from 'vitest';
import type { ShowChatMessage } from '#common/api/showchat.ts';
import { ShowChatBacklog } from './backlog.ts';

let n = 0;
const message = (showId: string, text = `m${++n}`): ShowChatMessage => ({
  id: String(++n),
  showId,
  nickname: 'anna',
  text,
  time: n,
  from: 'viewer',
  author: null,
});

describe('ShowChatBacklog', () => {
  it('keeps the last messages of a show, oldest first', () => {
    const backlog = new ShowChatBacklog(3, 10);
    for (const text of ['a', 'b', 'c', 'd']) backlog.add(message('1', text));
    expect(backlog.recent('1').map((m) => m.text)).toEqual(['b', 'c', 'd']);
    expect(backlog.recent('2')).toEqual([]);
  });

  it('forgets the show written to least recently when there are too many', () => {
    const backlog = new ShowChatBacklog(3, 2);
    backlog.add(message('1'));
    backlog.add(message('2'));
    backlog.add(message('1'));
    backlog.add(message('3'));
    expect(backlog.recent('2')).toEqual([]);
    expect(backlog.recent('1')).toHaveLength(2);
    expect(backlog.recent('3')).toHaveLength(1);
  });

  it('answers a copy: a caller cannot change what is kept', () => {
    const backlog = new ShowChatBacklog(3, 2);
    backlog.add(message('1'));
    backlog.recent('1').pop();
    expect(backlog.recent('1')).toHaveLength(1);
  });
});
