/**
 * The widget's attributes (and the iframe embed's URL parameters, which are the same names),
 * read into one checked configuration. A value outside its set is not guessed at: the default
 * is used and a problem names the attribute, the value given, the values allowed and the default,
 * so the page author sees what to fix inside the widget itself.
 */
export const VIEWS = ['cluster', 'editor', 'terminal', 'full'] as const;
export const CONTROLS = ['none', 'time', 'full'] as const;
export const THEMES = ['light', 'dark', 'auto'] as const;

export type WidgetView = (typeof VIEWS)[number];
export type WidgetControls = (typeof CONTROLS)[number];
export type WidgetTheme = (typeof THEMES)[number];

export interface WidgetConfig {
  readonly src?: string;
  readonly lesson?: string;
  readonly view: WidgetView;
  /** CSS height of the widget (a number alone is pixels). */
  readonly height: string;
  readonly readonly: boolean;
  readonly autoplay: boolean;
  readonly controls: WidgetControls;
  readonly theme: WidgetTheme;
  /** Shown after "Everynode playground" in the widget's accessible name. */
  readonly title?: string;
}

export const DEFAULTS: WidgetConfig = {
  view: 'full',
  height: '480px',
  readonly: false,
  autoplay: false,
  controls: 'full',
  theme: 'auto',
};

/** Every attribute the widget reads (observed by the element, documented on the docs page). */
export const ATTRIBUTES = ['src', 'lesson', 'view', 'height', 'readonly', 'autoplay', 'controls', 'theme', 'title'] as const;

export interface ParsedConfig {
  readonly config: WidgetConfig;
  /** One sentence per bad value, naming the attribute and the default used instead. */
  readonly problems: readonly string[];
}

/** A CSS length the widget accepts for `height`: pixels (`480`, `480px`), `em`, `rem`, `vh`. */
const HEIGHT = /^(\d{1,5}(?:\.\d+)?)(px|em|rem|vh)?$/;
/** Lesson ids are folder-like names (`daemonset-basics`, `07-updates/01-rolling-update`). */
const LESSON = /^[a-z0-9][a-z0-9._/-]{0,127}$/i;

/**
 * Reads the attributes through `get` (an element's getAttribute, or URLSearchParams.get).
 * Boolean attributes are on when present, unless their value is `false`.
 */
export function parseAttributes(get: (name: string) => string | null): ParsedConfig {
  const problems: string[] = [];
  const pick = <T extends string>(name: string, allowed: readonly T[], fallback: T): T => {
    const raw = get(name);
    if (raw === null) return fallback;
    const value = raw.trim().toLowerCase();
    if ((allowed as readonly string[]).includes(value)) return value as T;
    problems.push(`${name}="${raw}" is not one of ${allowed.join(' | ')}; using the default, ${fallback}.`);
    return fallback;
  };
  const flag = (name: string): boolean => {
    const raw = get(name);
    if (raw === null) return false;
    const value = raw.trim().toLowerCase();
    if (value === '' || value === 'true' || value === name) return true;
    if (value === 'false') return false;
    problems.push(`${name}="${raw}" is a boolean attribute: leave it empty (on) or remove it (off); using on.`);
    return true;
  };

  const readonly = flag('readonly');
  const height = heightOf(get('height'), problems);
  const src = get('src')?.trim() || undefined;
  const rawLesson = get('lesson')?.trim();
  let lesson: string | undefined;
  if (rawLesson) {
    if (LESSON.test(rawLesson) && !rawLesson.split('/').includes('..')) lesson = rawLesson;
    else problems.push(`lesson="${rawLesson}" is not a lesson id (letters, digits, -, _, . and /); no lesson runs.`);
  }
  const title = get('title')?.trim() || undefined;
  return {
    config: {
      ...(src ? { src } : {}),
      ...(lesson ? { lesson } : {}),
      ...(title ? { title } : {}),
      view: pick('view', VIEWS, DEFAULTS.view),
      height,
      readonly,
      autoplay: flag('autoplay'),
      // A read-only widget has no commands: its controls are the time bar unless asked for none.
      controls: pick('controls', CONTROLS, readonly ? 'time' : DEFAULTS.controls),
      theme: pick('theme', THEMES, DEFAULTS.theme),
    },
    problems,
  };
}

function heightOf(raw: string | null, problems: string[]): string {
  if (raw === null) return DEFAULTS.height;
  const m = HEIGHT.exec(raw.trim());
  if (m && Number(m[1]) > 0) return `${m[1]}${m[2] ?? 'px'}`;
  problems.push(`height="${raw}" is not a height such as 480, 480px, 30em or 60vh; using the default, ${DEFAULTS.height}.`);
  return DEFAULTS.height;
}
