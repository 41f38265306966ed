import { describe, expect, it } from 'vitest';
import { DEFAULTS, parseAttributes } from '../../src/embed/attributes.js';

const parse = (attrs: Record<string, string>) => parseAttributes((name) => attrs[name] ?? null);

describe('parseAttributes', () => {
  it('gives the defaults, and no problems, for no attributes', () => {
    expect(parse({})).toEqual({ config: DEFAULTS, problems: [] });
  });

  it('reads every attribute', () => {
    const { config, problems } = parse({
      src: 'examples/a.sh',
      lesson: '07-updates/01-rolling-update',
      view: 'Cluster',
      height: '320',
      readonly: '',
      autoplay: 'autoplay',
      controls: 'none',
      theme: 'dark',
      title: ' Rolling update ',
    });
    expect(problems).toEqual([]);
    expect(config).toEqual({
      src: 'examples/a.sh',
      lesson: '07-updates/01-rolling-update',
      view: 'cluster',
      height: '320px',
      readonly: true,
      autoplay: true,
      controls: 'none',
      theme: 'dark',
      title: 'Rolling update',
    });
  });

  it('keeps CSS units it knows for height', () => {
    expect(parse({ height: '30em' }).config.height).toBe('30em');
    expect(parse({ height: '60vh' }).config.height).toBe('60vh');
    expect(parse({ height: '12.5rem' }).config.height).toBe('12.5rem');
  });

  it('names the attribute, the allowed values and the default for a bad value, and uses the default', () => {
    const { config, problems } = parse({ view: 'sideways', controls: 'some', theme: 'pink', height: '100%; color: red' });
    expect(config.view).toBe('full');
    expect(config.controls).toBe('full');
    expect(config.theme).toBe('auto');
    expect(config.height).toBe('480px');
    expect(problems).toEqual([
      'height="100%; color: red" is not a height such as 480, 480px, 30em or 60vh; using the default, 480px.',
      'view="sideways" is not one of cluster | editor | terminal | full; using the default, full.',
      'controls="some" is not one of none | time | full; using the default, full.',
      'theme="pink" is not one of light | dark | auto; using the default, auto.',
    ]);
  });

  it('turns boolean attributes off with "false" and flags any other value', () => {
    expect(parse({ readonly: 'false' }).config.readonly).toBe(false);
    const { config, problems } = parse({ autoplay: 'yes please' });
    expect(config.autoplay).toBe(true);
    expect(problems).toEqual(['autoplay="yes please" is a boolean attribute: leave it empty (on) or remove it (off); using on.']);
  });

  it('defaults controls to the time bar when readonly', () => {
    expect(parse({ readonly: '' }).config.controls).toBe('time');
    expect(parse({ readonly: '', controls: 'none' }).config.controls).toBe('none');
  });

  it('refuses a lesson id that is not a plain name or climbs out of the lessons', () => {
    for (const bad of ['../secrets', 'a/../../b', '<script>', ' x y']) {
      const { config, problems } = parse({ lesson: bad });
      expect(config.lesson).toBeUndefined();
      expect(problems[0]).toMatch(/^lesson="/);
    }
  });
});
