import { describe, expect, it } from 'vitest';
import { canonicalShowPath, showBasePath } from './show-path.ts';

describe('canonical show path', () => {
  it('adds a missing slug', () => {
    expect(canonicalShowPath('/chat/abc', 'abc', false, 'anna')).toBe('/chat/abc/anna');
    expect(canonicalShowPath('/chat/abc/', 'abc', false, 'anna')).toBe('/chat/abc/anna');
    expect(canonicalShowPath('/chat/abc/videos', 'abc', false, 'anna')).toBe('/chat/abc/anna/videos');
  });

  it('replaces a wrong slug and keeps the child path', () => {
    expect(canonicalShowPath('/chat/abc/wrong', 'abc', true, 'anna')).toBe('/chat/abc/anna');
    expect(canonicalShowPath('/chat/abc/wrong/galleries/7', 'abc', true, 'anna')).toBe('/chat/abc/anna/galleries/7');
  });

  it('keeps a right slug as it is', () => {
    expect(canonicalShowPath('/chat/abc/anna/videos/3/2', 'abc', true, 'anna')).toBe('/chat/abc/anna/videos/3/2');
  });

  it('works under the shows prefixes', () => {
    expect(canonicalShowPath('/shows/chat/abc', 'abc', false, 'anna')).toBe('/shows/chat/abc/anna');
    expect(canonicalShowPath('/shows/12/mature/x/chat/abc/old', 'abc', true, 'anna')).toBe(
      '/shows/12/mature/x/chat/abc/anna',
    );
  });

  it('encodes ids and slugs', () => {
    expect(canonicalShowPath('/chat/a%20b', 'a b', false, 'ä')).toBe('/chat/a%20b/%C3%A4');
  });

  it('knows the base path of the show page', () => {
    expect(showBasePath('/chat/abc/anna/videos/3', 'abc', 'anna')).toBe('/chat/abc/anna');
    expect(showBasePath('/shows/chat/abc/anna/galleries', 'abc', 'anna')).toBe('/shows/chat/abc/anna');
  });
});
