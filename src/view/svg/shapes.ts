/**
 * Mark shapes as SVG path data: taint badges by effect (NoSchedule a blocked circle,
 * PreferNoSchedule a half circle, NoExecute an eject triangle), the failing pod's zigzag edge,
 * the Ready tick, and the arc of a ring that runs down or fills up.
 */
import type { TaintEffect } from '../../sim/api/types.js';

/** A badge centred on (0,0), radius r. */
export function taintPath(effect: TaintEffect, r: number): string {
  switch (effect) {
    case 'NoSchedule':
      // a circle with a bar through it
      return `M${-r},0a${r},${r} 0 1,0 ${2 * r},0a${r},${r} 0 1,0 ${-2 * r},0M${-r * 0.7},${r * 0.7}L${r * 0.7},${-r * 0.7}`;
    case 'PreferNoSchedule':
      // the lower half filled, the upper half an outline
      return `M${-r},0a${r},${r} 0 1,0 ${2 * r},0Z M${-r},0a${r},${r} 0 0,1 ${2 * r},0`;
    case 'NoExecute':
      // eject: a triangle over a bar
      return `M${-r},${r * 0.2}L0,${-r}L${r},${r * 0.2}Z M${-r},${r * 0.55}h${2 * r}v${r * 0.4}h${-2 * r}Z`;
  }
}

/** A zigzag ring around a circle of radius r (the failing pod's edge). */
export function zigzagPath(r: number, teeth = 10): string {
  const pts: string[] = [];
  for (let i = 0; i < teeth * 2; i++) {
    const a = (Math.PI * i) / teeth;
    const rr = i % 2 === 0 ? r + 2.5 : r - 1;
    pts.push(`${(Math.cos(a) * rr).toFixed(2)},${(Math.sin(a) * rr).toFixed(2)}`);
  }
  return `M${pts.join('L')}Z`;
}

/** The Ready tick inside a pod mark of radius r. */
export function tickPath(r: number): string {
  return `M${-r * 0.5},0L${-r * 0.1},${r * 0.4}L${r * 0.55},${-r * 0.4}`;
}

/** An arc from 12 o'clock clockwise over `fraction` (0..1) of a circle of radius r. */
export function arcPath(r: number, fraction: number): string {
  const f = Math.max(0, Math.min(0.9999, fraction));
  if (f <= 0) return '';
  const a = 2 * Math.PI * f - Math.PI / 2;
  const x = Math.cos(a) * r;
  const y = Math.sin(a) * r;
  return `M0,${-r}A${r},${r} 0 ${f > 0.5 ? 1 : 0},1 ${x.toFixed(2)},${y.toFixed(2)}`;
}
