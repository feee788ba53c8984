/**
 * The avalanche's numbers: the settled column (L0, H0, a), the runout now and at the stop, the
 * normalized runout beside Lube et al.'s 1.2 a and 1.9 a^(2/3) (REFERENCE §5), the collapse
 * time, and the phase line (settling / flowing / stopped) above them.
 */
import type { AvalanchePhaseCode, AvalancheSummary } from '../sim/granular-wasm';
import { formatCount, formatNumber } from '../ui/dom';
import { ReadoutTable } from '../ui/readout-table';
import { GRAIN_STRIDE } from './protocol';
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
  ['sweeps', 'mean solver sweeps per step (flow)', ''],
  ['unconverged', 'steps at the iteration limit (settling + flow)', ''],
  ['fallen', 'grains that fell off or through the floor', ''],
  ['overlap', 'deepest overlap (of the smaller radius)', ''],
] as const;

export class SummaryReadout extends ReadoutTable<(typeof ROWS)[number][0]> {
  constructor(container: HTMLElement) {
    super(container, ROWS);
  }

  /**
   * `village`: its distance x (m) from the left wall, null for none; `loose`: grains that reach it
   * (grainsReaching) while the main mass does not; `runoutAt`: as runoutText. Every value is the
   * picture's: the worker sends the summary read with it (avalanche/protocol.ts).
   */
  update(
    s: AvalancheSummary, phase: AvalanchePhaseCode, village: number | null = null, loose = 0, settleMaxTime = 0, runoutAt: number | null = null,
  ): void {
    const open = phase !== 0;
    const stopped = phase === 2;
    const m = (v: number): string => (open ? formatNumber(v) : '–');
    this.set('grains', formatCount(s.grains));
    this.set('l0', m(s.l0));
    this.set('h0', m(s.h0));
    this.set('aspect', m(s.aspect));
    this.set('runout', runoutText(s, phase, runoutAt));
    this.set('lInf', finalRunoutText(s, phase));
    this.set('relative', relativeRunoutText(s, phase, runoutAt));
    this.set('collapse', stopped && s.collapseTime >= 0 ? formatNumber(s.collapseTime) : '–');
    this.set('lubeLinear', open ? formatNumber(lubeLinear(s.aspect), 3) : '–');
    this.set('lubePower', open ? formatNumber(lubePower(s.aspect), 3) : '–');
    this.set('settle', open ? formatNumber(s.settleTime) : '–');
    this.set('steps', formatCount(s.steps + s.settleSteps));
    this.set('sweeps', meanSweeps(s));
    this.set('unconverged', formatCount(s.unconverged));
    this.set('fallen', fallenText(s));
    this.set('overlap', overlapText(s, settleMaxTime));
    this.set('village', villageText(village, s, phase, loose, runoutAt));
  }
}

/**
 * The solver's mean sweeps per step since the gate opened, to 3 digits ('–' before the first step of
 * the flow): the number the guide compares between Gauss–Seidel and Jacobi, which the iterations
 * plot shows only interval by interval.
 */
export function meanSweeps(s: Pick<AvalancheSummary, 'steps' | 'iterations'>): string {
  return s.steps > 0 ? formatNumber(s.iterations / s.steps, 3) : '–';
}

/**
 * How many grains reach x (m): their right edge, centre x + radius, at or beyond it (the runout's
 * own measure, applied to every grain rather than the main mass's front). `grains` is a frame's
 * (GRAIN_STRIDE values per grain: x, y, angle, speed, vx, vy, spin), `radii` the grains' radii in the same order (the load's radii:
 * the fixed floor discs after the grains are not counted).
 */
export function grainsReaching(x: number, grains: ArrayLike<number>, radii: ArrayLike<number>): number {
  const n = Math.min(radii.length, Math.floor(grains.length / GRAIN_STRIDE));
  let count = 0;
  for (let i = 0; i < n; i++) if ((grains[GRAIN_STRIDE * i] ?? 0) + (radii[i] ?? 0) >= x) count++;
  return count;
}

/**
 * The grains fallen below the floor (the engine's summary: `fallen`, their bottom five mean diameters
 * under the floor's top), split into those that went through it (`fallenThrough`: still over its
 * length) and those off its end. A Jacobi relaxation of 1e-300, or a time step far too long for the
 * gravity, lets the floor discs hold nothing, and the read-out said all 128 grains "fell off the
 * floor's end (a longer floor keeps them)".
 */
export function fallenSplit(s: Pick<AvalancheSummary, 'fallen' | 'fallenThrough'>): { through: number; off: number } {
  const fallen = Math.max(0, s.fallen);
  const through = Math.min(fallen, Math.max(0, s.fallenThrough));
  return { through, off: fallen - through };
}

/** what L∞ and (L∞ − L0)/L0 add when grains fell off the floor's end ('' otherwise) */
function cutShort(s: Pick<AvalancheSummary, 'fallen' | 'fallenThrough'>): string {
  return fallenSplit(s).off > 0 ? " (cut short by the floor's end: a lower bound)" : '';
}

/**
 * The read-out's final runout L∞ (m), once the flow has stopped. Grains off the floor's end cut it
 * short where the floor ends: a 0.15 m floor under the preset's column read "0.1468" beside Lube's
 * 1.2 a with no word of it; the value is now said to be a lower bound.
 */
export function finalRunoutText(s: Pick<AvalancheSummary, 'runout' | 'fallen' | 'fallenThrough'>, phase: AvalanchePhaseCode): string {
  return phase === 2 ? `${formatNumber(s.runout)}${cutShort(s)}` : '–';
}

/** when a runout older than the picture was measured: "at t = 0.5 s, the last output instant" */
function runoutWhen(runoutAt: number): string {
  return `at t = ${formatNumber(runoutAt, 6)} s, the last output instant`;
}

/**
 * The read-out's runout L now. The engine measures the runout at output instants (and at the gate's
 * opening and the stop) only, so a pause between two instants shows a picture the runout is older
 * than: `runoutAt` is then when it was measured (s), and the value says so; null when it is the
 * picture's. Beside a picture at 0.62 s, "0.1634" read as the runout there, of the 0.5 s grains.
 */
export function runoutText(s: Pick<AvalancheSummary, 'runout'>, phase: AvalanchePhaseCode, runoutAt: number | null = null): string {
  if (phase === 0) return '–';
  return runoutAt === null || phase === 2 ? formatNumber(s.runout) : `${formatNumber(s.runout)} (${runoutWhen(runoutAt)})`;
}

/**
 * The read-out's (L∞ − L0)/L0: "(so far)" while flowing ("(at t = 0.5 s, the last output instant)"
 * for a runout older than the picture: runoutText), a lower bound as L∞ is when grains fell off the floor's end.
 */
export function relativeRunoutText(
  s: Pick<AvalancheSummary, 'l0' | 'runout' | 'fallen' | 'fallenThrough'>, phase: AvalanchePhaseCode, runoutAt: number | null = null,
): string {
  if (phase === 0) return '–';
  const when = phase === 2 ? cutShort(s) : runoutAt === null ? ' (so far)' : ` (${runoutWhen(runoutAt)})`;
  return `${formatNumber(relativeRunout(s.l0, s.runout))}${when}`;
}

/**
 * The read-out's fallen grains: off the floor's end, through it, or both, with the form's fields that
 * keep them, by their labels (as the phase line and the overlap caveat name them).
 */
export function fallenText(s: Pick<AvalancheSummary, 'fallen' | 'fallenThrough'>): string {
  const { through, off } = fallenSplit(s);
  if (through + off === 0) return '0';
  const fix = 'a shorter Time step h or a lower Tolerance keeps them on it';
  if (through === 0) return `${formatCount(off)} off its end (a longer Floor length keeps them)`;
  if (off === 0) return `${formatCount(through)} through it (${fix})`;
  return `${formatCount(through + off)}: ${formatCount(through)} through it (${fix}), ${formatCount(off)} off its end`;
}

/**
 * Overlaps deeper than this fraction of a radius are not rigid grains any more. The presets stay near
 * 0.1 % (the solver's tolerance is 10⁻⁴ of a radius per step); a time step five times the preset's
 * (1 ms) already lets the deposition's first impacts sink 9 %, the form's longest (10 ms) 218 %, and a
 * cold start (warm start off) at the default tolerance 108 %: each of these ran with no word before.
 */
export const OVERLAP_WARN = 0.05; // AvalancheSummary::kOverlapWarn (tests/wasm/avalanche.test.ts checks they agree)

/** when the deepest overlap was seen: "t = 0.31 s" after the gate opened, "while settling" before */
function overlapWhen(s: Pick<AvalancheSummary, 'deepestOverlapTime'>, settleMaxTime: number): string {
  return s.deepestOverlapTime < 0
    ? `while settling, ${settlingSoFar(s.deepestOverlapTime, settleMaxTime)} in`
    : `at t = ${formatNumber(s.deepestOverlapTime, 4)} s`;
}

/** the read-out's deepest overlap: "0.14 % (while settling, 0.292 s in)", "0" when nothing ever overlapped */
export function overlapText(s: Pick<AvalancheSummary, 'deepestOverlap' | 'deepestOverlapTime'>, settleMaxTime: number): string {
  if (!(s.deepestOverlap > 0)) return '0';
  const deep = s.deepestOverlap > OVERLAP_WARN ? ': deeper than rigid grains allow' : '';
  return `${formatNumber(100 * s.deepestOverlap, 3)} % (${overlapWhen(s, settleMaxTime)})${deep}`;
}

/** what the phase line adds when grains sank into each other deeper than OVERLAP_WARN ('' otherwise) */
export function overlapCaveat(s: Pick<AvalancheSummary, 'deepestOverlap' | 'deepestOverlapTime'>, settleMaxTime: number): string {
  if (!(s.deepestOverlap > OVERLAP_WARN)) return '';
  return ` · grains sank ${formatNumber(100 * s.deepestOverlap, 3)} % of a radius into each other (${overlapWhen(s, settleMaxTime)}): these are not rigid grains, so the runout is not theirs (shorten Time step h; lower Tolerance; keep warm start on)`;
}

/** whether the phase line carries a caveat that makes its numbers doubtful (shown in the warning colour) */
export function phaseCaveat(phase: AvalanchePhaseCode, s: AvalancheSummary, settleMaxTime: number): boolean {
  return phase !== 0 && (openedUnsettled(s, settleMaxTime) || s.deepestOverlap > OVERLAP_WARN || s.fallen > 0);
}

/**
 * What the phase line says of fallen grains once the gate is open ('' for none): "· 3 grains fell
 * off the end of the floor: …". Grains off the end cut the runout short where the floor ends (a
 * 0.15 m floor under the preset's column lost 53 grains and read "final runout 0.1468 m" beside
 * Lube's 1.2 a, in green), so the line names the field that keeps them; for grains through the
 * floor, the fields that keep them on it.
 */
export function fallenCaveat(s: Pick<AvalancheSummary, 'fallen' | 'fallenThrough'>): string {
  const { through, off } = fallenSplit(s);
  if (through + off === 0) return '';
  const n = through + off;
  const where = through === 0 ? 'off the end of the floor' : off === 0 ? 'through the floor' : `off or through the floor (${formatCount(through)} through it)`;
  const hold = 'a shorter Time step h or a lower Tolerance keeps';
  const cut = off === 0 ? ` (${hold} them on it)`
    : `: the runout is cut short ${through === 0 ? 'there' : "at the floor's end"}, a lower bound (a longer Floor length keeps them${through > 0 ? `; ${hold} the others on it` : ''})`;
  return ` · ${formatCount(n)} grain${n === 1 ? '' : 's'} fell ${where}${cut}`;
}

/**
 * Will the village be destroyed? The village stands at x (m, from the left wall); the engine's
 * summary says when the runout (the main mass's front) first reached it (villageReachedAt, -1: not).
 * Lines: "none (…)", "at 0.5 m: reached at t = 0.31 s — destroyed", "at 0.5 m: safe, the flow stopped 0.18 m short", …
 * A main mass that reached the village and ends short of it (its front grains came loose) says so after "destroyed".
 * The village is judged by the main mass, as the runout is; `loose` grains thrown ahead of it that
 * reach the village are named after the verdict, which then names the main mass ("not destroyed,
 * the main mass stopped 0.04 m short; 2 loose grains, thrown ahead, reached it").
 */
export function villageText(x: number | null, s: AvalancheSummary, phase: AvalanchePhaseCode, loose = 0, runoutAt: number | null = null): string {
  if (x === null) return 'none (set its distance in the form)';
  const at = `at ${formatNumber(x)} m`;
  const short = formatNumber(Math.max(0, x - s.runout), 3);
  // measured with the runout: at a pause between two output instants, before the picture (runoutText)
  const then = runoutAt === null || phase === 2 ? '' : `, ${runoutWhen(runoutAt)}`;
  if (s.villageReachedAt >= 0) {
    // the main mass's front can draw back from where it went: its front grains come loose (the
    // runout counts only grains in contact with the main mass), so a final runout short of the
    // village sat beside "destroyed" unexplained
    const since = s.runout < x ? `; the main mass now ends ${short} m short of it${then}` : '';
    return `${at}: reached at t = ${formatNumber(s.villageReachedAt, 3)} s — destroyed${since}`;
  }
  if (phase === 0) return `${at}: the gate is still closed`;
  if (loose > 0) {
    // "safe … 1 loose grain reached it" beside a grain drawn past the house read as a contradiction:
    // the verdict is the main mass's, and the line now says so
    const strays = `${formatCount(loose)} loose grain${loose === 1 ? '' : 's'}, thrown ahead, reached it`;
    return phase === 2
      ? `${at}: not destroyed, the main mass stopped ${short} m short; ${strays}`
      : `${at}: not reached by the main mass so far (${short} m to go${then}); ${strays}`;
  }
  return phase === 2 ? `${at}: safe, the flow stopped ${short} m short` : `${at}: not reached so far (${short} m to go${then})`;
}

/**
 * The phase line: "Settling behind the gate — 0.12 s so far", "Flowing — t = 0.31 s", "Stopped at t = 0.95 s"; then grains and
 * steps; once the flow has stopped, the village's fate when there is one.
 */
/** How long the column has settled: the world's time counts from −settle.maxTime until the gate opens. */
function settlingSoFar(time: number, settleMaxTime: number): string {
  return `${formatNumber(Math.max(0, time + settleMaxTime), 3)} s`;
}

/** The play controls' clock while the column settles (the world's t = 0 is the gate's opening, not yet known). */
export function settlingClock(time: number, settleMaxTime: number): string {
  return `settling ${settlingSoFar(time, settleMaxTime)}`;
}

/**
 * Whether the gate opened on the settling time limit (settleMaxTime, s) rather than on the calm test:
 * the column was still moving (an audit set the limit to 0, or switched warm start off, and read an
 * L0 and a (L∞ − L0)/L0 beside Lube's lines with nothing saying the column had never settled).
 */
export function openedUnsettled(s: Pick<AvalancheSummary, 'settleTime'>, settleMaxTime: number): boolean {
  return !(settleMaxTime > 0) || s.settleTime >= settleMaxTime * (1 - 1e-9);
}

/** what the phase line adds when openedUnsettled */
export function unsettledText(settleMaxTime: number): string {
  const when = settleMaxTime > 0 ? `at the longest settling time, ${formatNumber(settleMaxTime)} s` : 'at once (longest settling 0 s)';
  return ` · the gate opened ${when}, before the column had settled: L0, H0 and the runout describe a column still moving (raise Longest settling; keep warm start on)`;
}

/**
 * The phase line. `cutAt`: the run reached output.duration (s) while still flowing, so it ended
 * without a stop, L∞ or collapse time, which the line says (it used to go on reading "Flowing").
 */
export function phaseText(
  phase: AvalanchePhaseCode, time: number, settleMaxTime: number, s: AvalancheSummary, village: number | null = null, cutAt: number | null = null,
  loose = 0,
): string {
  const unsettled = phase !== 0 && openedUnsettled(s, settleMaxTime) ? unsettledText(settleMaxTime) : '';
  const steps = `${formatCount(s.grains)} grains · ${formatCount(s.steps + s.settleSteps)} steps${unsettled}${overlapCaveat(s, settleMaxTime)}`;
  if (phase === 0) return `Settling behind the closed gate — ${settlingSoFar(time, settleMaxTime)} so far · ${steps}`;
  // said while the grains still flow too: the line turns red with them (phaseCaveat), and said why
  const fallen = fallenCaveat(s);
  if (phase === 1 && cutAt !== null) {
    return `Ended at t = ${formatNumber(cutAt, 6)} s, the longest run after the gate opens, with the grains still moving: no final runout (raise that field for one)${fallen} · ${steps}`;
  }
  if (phase === 1) return `Flowing — t = ${formatNumber(time, 6)} s since the gate opened${fallen} · ${steps}`;
  // loose grains at the house (villageText): the main mass spared it, but "is safe" would not be the whole story
  const spared = loose > 0 ? 'was spared by the main mass' : 'is safe';
  const fate = village !== null ? ` · the village ${s.villageReachedAt >= 0 ? 'was destroyed' : spared}` : '';
  return `Stopped at t = ${formatNumber(s.collapseTime >= 0 ? s.collapseTime : time, 6)} s (kinetic energy below the stop threshold)${fate}${fallen} · ${steps}`;
}
