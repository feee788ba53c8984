/**
 * The avalanche's numbers: the settled column (L0, H0, a), the runout now and at the stop, the
 * normalized runout beside Lube et al.'s 1.2 a and 1.9 a^(2/3) (REFERENCE §5), the collapse
 * time, and the phase line (settling / flowing / stopped) above them.
 */
import type { AvalanchePhaseCode, AvalancheSummary } from '../sim/granular-wasm';
import { formatCount, formatNumber } from '../ui/dom';
import { ReadoutTable } from '../ui/readout-table';
import { lubeLinear, lubePower, relativeRunout } from './scaling';

const ROWS = [
  ['grains', 'grains', ''],
  ['l0', 'settled width L0', 'm'],
  ['h0', 'settled height H0', 'm'],
  ['aspect', 'aspect ratio a = H0/L0', ''],
  ['runout', 'runout L now', 'm'],
  ['lInf', 'final runout L∞', 'm'],
  ['relative', '(L∞ − L0)/L0', ''],
  ['collapse', 'collapse time (flow stopped)', 's'],
  ['village', 'the village', ''],
  ['lubeLinear', 'Lube et al.: 1.2 a', ''],
  ['lubePower', 'Lube et al.: 1.9 a^(2/3)', ''],
  ['settle', 'settling time before the gate opened', 's'],
  ['steps', 'solver steps (settling + flow)', ''],
  ['unconverged', 'steps at the iteration limit', ''],
] as const;

export class SummaryReadout extends ReadoutTable<(typeof ROWS)[number][0]> {
  constructor(container: HTMLElement) {
    super(container, ROWS);
  }

  update(s: AvalancheSummary, phase: AvalanchePhaseCode, village: VillageWatch | null = null): void {
    const open = phase !== 0;
    const stopped = phase === 2;
    const m = (v: number): string => (open ? formatNumber(v) : '–');
    this.set('grains', formatCount(s.grains));
    this.set('l0', m(s.l0));
    this.set('h0', m(s.h0));
    this.set('aspect', m(s.aspect));
    this.set('runout', m(s.runout));
    this.set('lInf', stopped ? formatNumber(s.runout) : '–');
    this.set('relative', open ? `${formatNumber(relativeRunout(s.l0, s.runout))}${stopped ? '' : ' (so far)'}` : '–');
    this.set('collapse', stopped && s.collapseTime >= 0 ? formatNumber(s.collapseTime) : '–');
    this.set('lubeLinear', open ? formatNumber(lubeLinear(s.aspect), 3) : '–');
    this.set('lubePower', open ? formatNumber(lubePower(s.aspect), 3) : '–');
    this.set('settle', open ? formatNumber(s.settleTime) : '–');
    this.set('steps', formatCount(s.steps + s.settleSteps));
    this.set('unconverged', formatCount(s.unconverged));
    this.set('village', villageText(village, s.runout, phase));
  }
}

/**
 * Will the village be destroyed? The village stands at x (m, from the left wall); the flow reaches
 * it when the runout (the main mass's front) gets there, and once reached it stays reached.
 */
export class VillageWatch {
  /** s after the gate opened when the runout first reached x; null while it has not */
  reachedAt: number | null = null;

  constructor(readonly x: number) {}

  /** the runout samples (time s, runout m) since the previous call */
  observe(time: ArrayLike<number>, runout: ArrayLike<number>): void {
    if (this.reachedAt !== null) return;
    for (let k = 0; k < Math.min(time.length, runout.length); k++) {
      if (runout[k]! >= this.x) {
        this.reachedAt = time[k]!;
        return;
      }
    }
  }
}

/** The village's line: "none (…)", "at 0.5 m: reached at t = 0.31 s — destroyed", "at 0.5 m: safe, the flow stopped 0.18 m short", … */
export function villageText(v: VillageWatch | null, runout: number, phase: AvalanchePhaseCode): string {
  if (!v) return 'none (set its distance in the form)';
  const at = `at ${formatNumber(v.x)} m`;
  if (v.reachedAt !== null) return `${at}: reached at t = ${formatNumber(v.reachedAt, 3)} s — destroyed`;
  if (phase === 0) return `${at}: the gate is still closed`;
  const short = formatNumber(Math.max(0, v.x - runout), 3);
  return phase === 2 ? `${at}: safe, the flow stopped ${short} m short` : `${at}: not reached so far (${short} m to go)`;
}

/**
 * The phase line: "Settling behind the gate — 0.12 s so far", "Flowing — t = 0.31 s", "Stopped at t = 0.95 s"; then grains and
 * steps; once the flow has stopped, the village's fate when there is one.
 */
export function phaseText(phase: AvalanchePhaseCode, time: number, settleMaxTime: number, s: AvalancheSummary, village: VillageWatch | null = null): string {
  const steps = `${formatCount(s.grains)} grains · ${formatCount(s.steps + s.settleSteps)} steps`;
  if (phase === 0) return `Settling behind the closed gate — ${formatNumber(Math.max(0, time + settleMaxTime), 3)} s so far · ${steps}`;
  if (phase === 1) return `Flowing — t = ${formatNumber(time, 4)} s since the gate opened · ${steps}`;
  const fate = village ? ` · the village ${village.reachedAt !== null ? 'was destroyed' : 'is safe'}` : '';
  return `Stopped at t = ${formatNumber(s.collapseTime >= 0 ? s.collapseTime : time, 4)} s (kinetic energy below the stop threshold)${fate} · ${steps}`;
}
