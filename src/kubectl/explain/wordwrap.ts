/**
 * `wordwrap.WrapString` of github.com/mitchellh/go-wordwrap v1.0.1, which kubectl explain's
 * `wrap` template function uses: breaks lines at white space so that none is longer than `limit`
 * characters (code points) where the words allow. A word longer than the limit is never split; a
 * break drops the spaces before the word that moves to the next line; existing line breaks stay;
 * a no-break space is not a place to break.
 */
const NO_BREAK_SPACE = '\u00a0';

export function wrapString(text: string, limit: number): string {
  let out = '';
  let current = 0;
  let word = '';
  let wordLen = 0;
  let spaces = '';
  let spacesLen = 0;
  const flush = () => {
    current += spacesLen + wordLen;
    out += spaces + word;
    spaces = word = '';
    spacesLen = wordLen = 0;
  };
  for (const ch of text) {
    if (ch === '\n') {
      if (wordLen === 0) {
        if (current + spacesLen <= limit) out += spaces;
        spaces = '';
        spacesLen = 0;
      } else flush();
      out += '\n';
      current = 0;
    } else if (/\s/u.test(ch) && ch !== NO_BREAK_SPACE) {
      if (spacesLen === 0 || wordLen > 0) flush();
      spaces += ch;
      spacesLen++;
    } else {
      word += ch;
      wordLen++;
      if (current + spacesLen + wordLen > limit && wordLen < limit) {
        out += '\n';
        current = 0;
        spaces = '';
        spacesLen = 0;
      }
    }
  }
  if (wordLen === 0) {
    if (current + spacesLen <= limit) out += spaces;
  } else out += spaces + word;
  return out;
}
