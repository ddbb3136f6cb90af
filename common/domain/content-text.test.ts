import { describe, expect, it } from 'vitest';
import { formatContentText, parseContentText } from './content-text.ts';

describe('the content text subset', () => {
  it('reads title, intro paragraphs and sections; a line break inside a paragraph is a space', () => {
    const doc = parseContentText(
      '\n# Terms\r\n\r\nFirst intro\nline.\n\nSecond intro.\n\n## One\n\nA.\n\nB.\n## Two\n',
    );
    expect(doc).toEqual({
      title: 'Terms',
      intro: ['First intro line.', 'Second intro.'],
      sections: [
        { heading: 'One', paragraphs: ['A.', 'B.'] },
        { heading: 'Two', paragraphs: [] },
      ],
    });
  });

  it('refuses a text without a title first, or with a second title', () => {
    expect(parseContentText('Intro first\n# Title')).toBeNull();
    expect(parseContentText('#Title')).toBeNull();
    expect(parseContentText('# A\n\n# B')).toBeNull();
    expect(parseContentText('')).toBeNull();
  });

  it('keeps markup as text: nothing but the headings has a meaning', () => {
    const doc = parseContentText(
      '# <b>T</b>\n\n<script>alert(1)</script> **x** [a](javascript:x)\n\n### not a heading',
    );
    expect(doc?.title).toBe('<b>T</b>');
    expect(doc?.intro).toEqual(['<script>alert(1)</script> **x** [a](javascript:x)', '### not a heading']);
  });

  it('writes a page back so that it reads the same', () => {
    const doc = { title: 'FAQ', intro: ['Hello.'], sections: [{ heading: 'Q?', paragraphs: ['A1.', 'A2.'] }] };
    expect(formatContentText(doc)).toBe('# FAQ\n\nHello.\n\n## Q?\n\nA1.\n\nA2.');
    expect(parseContentText(formatContentText(doc))).toEqual(doc);
  });
});
