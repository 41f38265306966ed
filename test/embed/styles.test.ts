import { describe, expect, it } from 'vitest';
import { hostCss } from '../../src/embed/styles.js';

describe('hostCss', () => {
  it("makes theme.css's root rules host rules, quoted or minified", () => {
    expect(hostCss(":root,\n:root[data-theme='light'] { --bg: #fff; }\n:root[data-theme='dark'] { --bg: #000; }")).toBe(
      ':host,\n:host([data-theme=light]) { --bg: #fff; }\n:host([data-theme=dark]) { --bg: #000; }',
    );
    expect(hostCss(':root,:root[data-theme=light]{--bg:#fff}:root[data-theme="dark"]{--bg:#000}')).toBe(
      ':host,:host([data-theme=light]){--bg:#fff}:host([data-theme=dark]){--bg:#000}',
    );
  });
});
