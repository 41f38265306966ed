/**
 * The workshop's results as plain text, to copy into a chat or a form: per exercise, each check
 * passed or not yet, and when (the wall clock, the time into the workshop, and the cluster's
 * virtual time), and whether Solve got it there. Made from this machine's record only.
 */
import { formatDuration } from '../../sim/engine/time.js';
import type { LessonCard } from '../lesson/data.js';
import { clock } from './time-box.js';
import type { WorkshopRecord } from './record.js';

const two = (n: number): string => String(n).padStart(2, '0');

/** `21:34:10` on this machine's clock. */
export function wallTime(ms: number): string {
  const d = new Date(ms);
  return `${two(d.getHours())}:${two(d.getMinutes())}:${two(d.getSeconds())}`;
}

function wallDate(ms: number): string {
  const d = new Date(ms);
  return `${d.getFullYear()}-${two(d.getMonth() + 1)}-${two(d.getDate())} ${wallTime(ms)}`;
}

export function resultsText(exercises: readonly LessonCard[], minutes: number, record: WorkshopRecord | undefined): string {
  const lines = [`Everynode workshop: ${exercises.map((e) => e.id).join(', ')}; time box ${minutes} min`];
  if (!record) return [...lines, 'Not started on this machine yet.'].join('\n');
  lines.push(`Started ${wallDate(record.startedAt)}`);
  for (const e of exercises) {
    const r = record.exercises[e.id];
    lines.push('');
    if (!r) {
      lines.push(`${e.id} ${e.title}: not opened yet`);
      continue;
    }
    const passed = r.checks.filter((c) => r.passed[c]).length;
    lines.push(`${e.id} ${e.title}: ${passed} of ${r.checks.length} checks passed`);
    const width = Math.max(...r.checks.map((c) => c.length));
    for (const c of r.checks) {
      const p = r.passed[c];
      const name = c.padEnd(width);
      if (!p) lines.push(`  not yet  ${c}`);
      else lines.push(`  passed   ${name}  at ${wallTime(p.wall)} (+${clock(p.wall - record.startedAt)} into the workshop), virtual time +${formatDuration(Math.floor(p.virtual / 1000) * 1000)}${p.solved ? ', with Solve' : ''}`);
    }
  }
  return lines.join('\n');
}
