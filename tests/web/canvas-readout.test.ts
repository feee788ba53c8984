/** The disc under the pointer on a simulation canvas (render/disc-pick.ts, ui/canvas-readout.ts): the hit test and the line's text. */
import { describe, expect, it } from 'vitest';
import { discBrief, discLine, pickDisc, type DrawnDiscs } from '../../web/src/render/disc-pick';
import { EMBED_COVER_OTHER, embedRows, readoutRows, stackedBoxes } from '../../web/src/ui/canvas-readout';
import { fitTransform, fromCanvasX, fromCanvasY, toCanvasX, toCanvasY } from '../../web/src/render/view-transform';

/** discs from (x, y, r) triples, m */
function discs(list: Array<[number, number, number]>): DrawnDiscs {
  return { count: list.length, x: (i) => list[i]![0], y: (i) => list[i]![1], r: (i) => list[i]![2] };
}

describe('the disc under the pointer', () => {
  // a 1 m box drawn 200 px wide with 10 px margins: 180 px per metre, y up
  const t = fitTransform({ minX: 0, minY: 0, maxX: 1, maxY: 1 }, 200, 200, 10);
  const scene = discs([
    [0.2, 0.2, 0.05],
    [0.5, 0.8, 0.1],
    [0.56, 0.8, 0.1],
    [0.9, 0.1, 0.005],
  ]);

  it('maps canvas px back to the world through the drawn transform (equal axes, y up)', () => {
    expect(t.scale).toBe(180);
    for (const [x, y] of [[0, 0], [0.25, 0.75], [1, 1]] as const) {
      expect(fromCanvasX(t, toCanvasX(t, x))).toBeCloseTo(x, 12);
      expect(fromCanvasY(t, toCanvasY(t, y))).toBeCloseTo(y, 12);
    }
    // the canvas's top left corner is the world's top left
    expect(fromCanvasY(t, 10)).toBeCloseTo(1, 12);
  });

  it('hits the disc whose drawn circle holds the pointer, the nearest centre where two overlap, none elsewhere', () => {
    const at = (x: number, y: number, slop = 0): number => pickDisc(scene, t, toCanvasX(t, x), toCanvasY(t, y), slop);
    expect(at(0.2, 0.2)).toBe(0);
    // on the rim (0.049 m from the centre: inside), just beyond it (0.051 m: outside)
    expect(at(0.249, 0.2)).toBe(0);
    expect(at(0.251, 0.2)).toBe(-1);
    // discs 1 and 2 overlap between x = 0.46 and 0.6: the nearer centre wins
    expect(at(0.52, 0.8)).toBe(1);
    expect(at(0.54, 0.8)).toBe(2);
    expect(at(0.5, 0.5)).toBe(-1);
    // a 0.9 px disc: a mouse must be on it, a finger (10 px of slack) hits it 8 px away
    expect(at(0.9 + 8 / 180, 0.1)).toBe(-1);
    expect(at(0.9 + 8 / 180, 0.1, 10)).toBe(3);
    expect(at(0.9 + 11 / 180, 0.1, 10)).toBe(-1);
    // the comparison draws discs at least 1.5 px in radius: hit where drawn
    expect(pickDisc(scene, t, toCanvasX(t, 0.9) + 1.4, toCanvasY(t, 0.1), 0, 1.5)).toBe(3);
  });

  it('hits nothing in an empty scene, off a degenerate transform, or at a pointer that is not a number', () => {
    expect(pickDisc(discs([]), t, 50, 50)).toBe(-1);
    expect(pickDisc(scene, { scale: 0, offsetX: 0, offsetY: 0 }, 46, 154)).toBe(-1);
    expect(pickDisc(scene, t, NaN, 154)).toBe(-1);
    // a disc not drawn (NaN centre) is never hit
    expect(pickDisc(discs([[NaN, NaN, 1]]), t, 100, 100)).toBe(-1);
  });

  it('names the disc with its values in the read-out number format and units; no-break spaces inside items', () => {
    const line = discLine({ kind: 'disc', number: 12, r: 0.01, x: 0.26271, y: 0.1497, vx: -0.49754, vy: -0.2314, spin: null });
    expect(line.replace(/\u00a0/g, ' ')).toBe('disc 12 · r = 0.01 m · x = 0.2627 m · y = 0.1497 m · vx = -0.4975 m/s · vy = -0.2314 m/s · |v| = 0.5487 m/s');
    // the line may wrap only after a dot: its one breakable space follows each dot
    const rows = line.split(' ');
    expect(rows).toHaveLength(7);
    expect(rows.slice(0, -1).every((row) => row.endsWith('\u00a0·'))).toBe(true);
    // where the engine has spins; one line for three canvases names the engine
    const soft = discLine({ kind: 'disc', number: 2, r: 1, x: 1.221, y: 1.65, vx: 3, vy: 4, spin: 3.2349 }, 'soft');
    expect(soft.replace(/\u00a0/g, ' ')).toBe('soft: disc 2 · r = 1 m · x = 1.221 m · y = 1.65 m · vx = 3 m/s · vy = 4 m/s · |v| = 5 m/s · ω = 3.235 rad/s');
    // a fixed floor disc: no velocity, no spin; tiny values with an exponent
    const floor = discLine({ kind: 'fixed floor disc', number: 130, r: 0.004, x: 0.00001234, y: 0, vx: null, vy: null, spin: null });
    expect(floor.replace(/\u00a0/g, ' ')).toBe('fixed floor disc 130 · r = 0.004 m · x = 1.234e-5 m · y = 0 m');
  });

  it("a small embedded canvas's short form: the disc's number and speed, the engine before them; a fixed disc's number alone", () => {
    const grain = discBrief({ kind: 'grain', number: 64, r: 0.005158, x: 0.01073, y: 0.07706, vx: 0.01161, vy: -0.02276, spin: 0.7106 });
    expect(grain.replace(/\u00a0/g, ' ')).toBe('grain 64 · |v| = 0.0256 m/s');
    expect(discBrief({ kind: 'disc', number: 2, r: 1, x: 1.221, y: 1.65, vx: 3, vy: 4, spin: 3.2349 }, 'soft').replace(/\u00a0/g, ' ')).toBe('soft: disc 2 · |v| = 5 m/s');
    expect(discBrief({ kind: 'fixed floor disc', number: 130, r: 0.004, x: 0.00001234, y: 0, vx: null, vy: null, spin: null }).replace(/\u00a0/g, ' ')).toBe('fixed floor disc 130');
  });

  it('embedded, the line takes the rows its width reserves, no more than cover a quarter of the canvas, at least one', () => {
    // a 465 px wide line over the avalanche's 174 px canvas (480 x 360, no plot): two rows of 15.2 px
    expect(embedRows(465, 174, 15.2)).toBe(2);
    // its 214 px wide line over 94 px (with its plot): one, not the three its width reserves
    expect(embedRows(214, 94, 15.2)).toBe(1);
    expect(embedRows(214, 187, 15.2)).toBe(3);
    expect(embedRows(214, 182, 15.2)).toBe(2);
    // a wide line keeps to one row; a canvas too small for a row still gets one
    expect(embedRows(900, 400, 15.2)).toBe(1);
    expect(embedRows(214, 35, 15.2)).toBe(1);
  });

  it("over stacked canvases, another canvas than the one it names, the line may cover half of it", () => {
    // the comparison's row in a 900 x 560 frame with a plot: a 437 px line over 74 px canvases, two rows
    expect(embedRows(437, 74, 15.2, EMBED_COVER_OTHER)).toBe(2);
    expect(embedRows(437, 74, 15.2)).toBe(1);
    // in 480 x 360 with its plot, 35 px: one
    expect(embedRows(214, 35, 15.2, EMBED_COVER_OTHER)).toBe(1);
    // three canvases one under the other are stacked; side by side, or one alone, they are not
    expect(stackedBoxes([{ top: 92, bottom: 166 }, { top: 187, bottom: 261 }, { top: 281, bottom: 355 }])).toBe(true);
    expect(stackedBoxes([{ top: 198, bottom: 318 }, { top: 198, bottom: 318 }, { top: 198, bottom: 318 }])).toBe(false);
    expect(stackedBoxes([{ top: 92, bottom: 166 }])).toBe(false);
  });

  it("reserves the line's rows by its width, never by its text", () => {
    expect(readoutRows(900)).toBe(1);
    expect(readoutRows(820)).toBe(1);
    expect(readoutRows(819)).toBe(2);
    expect(readoutRows(400)).toBe(2);
    expect(readoutRows(330)).toBe(3);
  });
});
