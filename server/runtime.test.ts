import { describe, expect, it } from 'vitest';
import { unsupportedNodeNotice } from './runtime.ts';

describe('unsupportedNodeNotice', () => {
  it('warns on a Node older than 22 and names the supported lines', () => {
    expect(unsupportedNodeNotice('20.20.2')).toBe(
      'Node.js 20.20.2 is no longer supported (end of life): supported and tested are Node.js 22 and 24 (README, "Supported runtimes")',
    );
    expect(unsupportedNodeNotice('v21.7.3')).toMatch(/^Node\.js 21\.7\.3 is no longer supported/);
  });

  it('says nothing on 22, 24 or later', () => {
    expect(unsupportedNodeNotice('22.12.0')).toBeNull();
    expect(unsupportedNodeNotice('v24.21.0')).toBeNull();
    expect(unsupportedNodeNotice('26.0.0')).toBeNull();
  });
});
